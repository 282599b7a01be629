import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where data comes from: the Devices screen's Add device, and the Green Button import in Settings → Data. */
export const ADD_DEVICE_PATH = '/app/devices?add=1';
export const IMPORT_PATH = '/app/settings/data#green-button';

const link = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** What to do when there is nothing to show yet: connect a device, or import the utility's file. */
export function ConnectLinks({ importLink = true, className = '' }: { importLink?: boolean; className?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <p className={`flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm ${className}`}>
      <Link to={ADD_DEVICE_PATH} className={link}>
        {t('connect.device')}
      </Link>
      {importLink && (
        <Link to={IMPORT_PATH} className={link}>
          {t('connect.import')}
        </Link>
      )}
    </p>
  );
}
