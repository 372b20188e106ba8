import { describe, expect, it } from 'vitest';
import { knowledgeFileContentType, knowledgeFilePath, storableFileName } from '@/shared/core/knowledge/files.ts';

describe('knowledge file paths', () => {
  it('keeps a plain name and puts the owner first', () => {
    expect(knowledgeFilePath('u-1', 'f-2', 'Pricing notes.pdf')).toBe('u-1/f-2/Pricing_notes.pdf');
  });

  it('drops accents, folders and characters keys refuse', () => {
    expect(storableFileName('Café déjà vu.docx')).toBe('Cafe_deja_vu.docx');
    expect(storableFileName('../../etc/passwd')).toBe('passwd');
    expect(storableFileName('C:\\Users\\me\\plan (v2)?.md')).toBe('plan_v2_.md');
    expect(storableFileName('关于.txt')).toBe('txt');
  });

  it('never answers an empty or hidden name', () => {
    expect(storableFileName('')).toBe('file');
    expect(storableFileName('...')).toBe('file');
    expect(storableFileName('.env')).toBe('env');
  });

  it('keeps the end of a long name (its extension)', () => {
    const name = storableFileName(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('types files by extension', () => {
    expect(knowledgeFileContentType('a.MD')).toBe('text/markdown');
    expect(knowledgeFileContentType('a.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(knowledgeFileContentType('a.bin')).toBe('application/octet-stream');
  });
});
