import { buildExport, expireExport, PRIVACY_EXPORT_JOBS, type BuildDeps } from '../modules/privacy-exports/privacy-exports.service';
import type { JobHandler } from './durable-worker';

const exportIdOf = (payload: Record<string, unknown>) => {
  if (typeof payload.exportId !== 'string') throw new Error('Privacy export job without an exportId');
  return payload.exportId;
};

/** A member's data export (decision 052): built once in the background, its bytes dropped when the link expires. */
export function privacyExportJobHandlers(deps: BuildDeps): Record<string, JobHandler> {
  return {
    [PRIVACY_EXPORT_JOBS.build]: async ({ tx, job, now }) => {
      await buildExport(tx, deps, exportIdOf(job.payload), now);
    },
    [PRIVACY_EXPORT_JOBS.expire]: async ({ tx, job }) => {
      await expireExport(tx, exportIdOf(job.payload));
    },
  };
}
