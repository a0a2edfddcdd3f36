/** Uploads bytes as a Directus file and returns its id. */
import { AdminApi } from '../apply/admin-api.ts';

export async function uploadFile(api: AdminApi, bytes: Uint8Array, filename: string, type: string, title: string): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
  const file = await api.post<{ id: string }>('/files', form);
  return file.id;
}
