/**
 * The offer's video area: a YouTube watch link (`{host}/watch?v=`), a youtu.be
 * short link, or a Vimeo link (`{host}/{id}`) becomes an embed URL; anything else shows the
 * placeholder 'Your video will appear here.'
 */

export const VIDEO_PLACEHOLDER = 'Your video will appear here.';

export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,20}$/.test(value) ? value : null);

  if (host === 'youtube.com' && url.pathname === '/watch') {
    const video = id(url.searchParams.get('v'));
    return video ? `https://www.youtube-nocookie.com/embed/${video}` : null;
  }
  if (host === 'youtu.be') {
    const video = id(url.pathname.slice(1));
    return video ? `https://www.youtube-nocookie.com/embed/${video}` : null;
  }
  if (host === 'vimeo.com') {
    const video = /^\/(\d{5,12})\/?$/.exec(url.pathname)?.[1];
    return video ? `https://player.vimeo.com/video/${video}` : null;
  }
  return null;
}
