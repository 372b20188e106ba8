/** Saves bytes or text as a file through a temporary object URL (dashboard and extension pages). */
export function downloadFile(data: ArrayBuffer | Blob | string, fileName: string, mimeType: string): void {
  const blob = data instanceof Blob ? data : new Blob([data], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoke after the click has been handled (Firefox needs the URL for a moment).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Opens a download address (a signed file URL whose answer asks the browser to save it) without leaving the page. */
export function downloadUrl(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
