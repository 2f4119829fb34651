/** Saves a streamed answer (an export) as a file the browser downloads under `fileName`. */
export async function saveDownload(response: Response, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
