import { GREEN_BUTTON_FILE_FIELD, GREEN_BUTTON_IMPORT_PATH, type GreenButtonImportResult } from '@peakwise/contracts/green-button.contract';
import { ApiRequestError } from '@/lib/api-request';
import { readServerError } from '@/lib/server-error';

/**
 * Uploads a Green Button file with the session cookie. XMLHttpRequest rather than fetch, because
 * only it reports upload progress, and a year of 15-minute data is megabytes on a slow line.
 * Answers the import summary or throws ApiRequestError (status 0: no answer).
 */
export function uploadGreenButton(file: File, onProgress: (percent: number) => void): Promise<GreenButtonImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GREEN_BUTTON_IMPORT_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // A proxy's error page: the status is all there is.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as GreenButtonImportResult);
      else reject(new ApiRequestError(xhr.status, readServerError(body)));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, {}));
    const form = new FormData();
    form.set(GREEN_BUTTON_FILE_FIELD, file);
    xhr.send(form);
  });
}
