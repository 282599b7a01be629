import { AppError } from '../../lib/errors';

/** One answer for another household's device, a removed one, an unknown id and a malformed one. */
export const deviceNotFound = () => new AppError(404, 'not_found', 'No such device in your household.');
