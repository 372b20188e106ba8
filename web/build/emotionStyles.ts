/** A component style tag as emotion writes it on the server: `css <id>`, or `css-global <id>` for global styles. */
const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

interface StyleGroup {
  key: string;
  ids: string[];
  css: string[];
}

/**
 * On the server emotion writes each component's CSS as a <style> tag just before it; in the browser
 * it renders none and adopts the tags it finds. So the tags leave the markup (each once, in their
 * order) for <head>, and the markup left is what the browser's first render produces.
 *
 * In <head>, global styles come first, a tag each (emotion looks one up by its name, and inserts
 * globals before component styles in the browser too), then every component style in one tag naming
 * all their ids (emotion adopts such a tag whole). Each tag is marked `data-s`, emotion's sign of a
 * tag already in <head>: it skips moving it there. Emotion still re-inserts every tag it adopts
 * once as it starts, so fewer tags mean less start-up work (the sign-in page had 74).
 */
export function moveStylesToHead(markup: string): { html: string; styleTag: string } {
  const seen = new Set<string>();
  const globals: StyleGroup[] = [];
  const components: StyleGroup = { key: 'css', ids: [], css: [] };
  const html = markup.replace(EMOTION_STYLE, (_tag, names: string, css: string) => {
    if (seen.has(names)) return '';
    seen.add(names);
    const [key = '', ...ids] = names.split(' ');
    const group = key === 'css' ? components : { key, ids: [], css: [] };
    if (group !== components) globals.push(group);
    group.ids.push(...ids);
    group.css.push(css);
    return '';
  });
  const tags = [...globals, components].filter((g) => g.ids.length);
  const styleTag = tags.map((g) => `<style data-emotion="${[g.key, ...g.ids].join(' ')}" data-s="">${g.css.join('')}</style>`).join('');
  return { html, styleTag };
}
