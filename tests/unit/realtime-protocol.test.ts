import { describe, expect, it } from 'vitest';
import { matches, parseFilter, type ChangeFilter } from '@/supabase/local/realtime/filters.ts';
import { decode, encode } from '@/supabase/local/realtime/protocol.ts';

const filter = (text: string): ChangeFilter => {
  const parsed = parseFilter(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
};

describe('realtime filters', () => {
  it('compares numbers as numbers and text as text', () => {
    expect(matches(filter('n=gt.9'), { n: 10 })).toBe(true);
    expect(matches(filter('n=gt.10'), { n: 9 })).toBe(false);
    expect(matches(filter('n=lte.9'), { n: 9 })).toBe(true);
    expect(matches(filter('label=neq.a'), { label: 'b' })).toBe(true);
    expect(matches(filter('label=in.(a,"b c")'), { label: 'b c' })).toBe(true);
    expect(matches(filter('done=eq.true'), { done: true })).toBe(true);
    // A column the record does not carry passes (a DELETE's old record holds only the key), as hosted.
    expect(matches(filter('missing=eq.1'), { n: 1 })).toBe(true);
    expect(matches(filter('n=eq.1'), { n: null })).toBe(false);
  });

  it('rejects what the hosted server cannot parse', () => {
    expect(parseFilter('n=like.1')).toEqual({ error: 'Error parsing `filter` params: n=like.1' });
    expect(parseFilter('n=in.1,2')).toHaveProperty('error');
  });
});

describe('realtime frames', () => {
  it('reads both JSON forms and writes each version its own way', () => {
    const v2 = decode(Buffer.from('["1","2","realtime:a","phx_join",{"x":1}]'), false, '2.0.0');
    expect(v2).toEqual({ join_ref: '1', ref: '2', topic: 'realtime:a', event: 'phx_join', payload: { x: 1 } });
    const v1 = decode(Buffer.from('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"3"}'), false, '1.0.0');
    expect(v1).toMatchObject({ topic: 'phoenix', ref: '3', join_ref: null });
    const msg = { join_ref: null, ref: '3', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } };
    expect(JSON.parse(encode(msg, '2.0.0') as string)).toEqual([null, '3', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(JSON.parse(encode(msg, '1.0.0') as string)).toEqual(msg);
  });

  it('decodes the binary broadcast push and encodes the binary broadcast', () => {
    const parts = ['1', '2', 'realtime:r', 'cursor', ''];
    const body = Buffer.from('{"x":1}');
    const frame = Buffer.concat([Buffer.from([3, ...parts.map((p) => p.length), 1]), Buffer.from(parts.join('')), body]);
    expect(decode(frame, true, '2.0.0')).toEqual({
      join_ref: '1',
      ref: '2',
      topic: 'realtime:r',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
    });
    const out = encode(
      { join_ref: null, ref: null, topic: 'realtime:r', event: 'broadcast', payload: { event: 'cursor', payload: { x: 1 } } },
      '2.0.0',
    );
    expect(Buffer.isBuffer(out)).toBe(true);
    const bytes = out as Buffer;
    expect([...bytes.subarray(0, 5)]).toEqual([4, 10, 6, 0, 1]);
    expect(bytes.subarray(5).toString()).toBe('realtime:rcursor{"x":1}');
  });
});
