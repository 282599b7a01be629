import { ApiTokensCard } from '../components/api-tokens-card';
import { ConsentHistoryCard } from '../components/consent-history-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { GreenButtonExportCard } from '../components/green-button-export-card';
import { GreenButtonImportCard } from '../components/green-button-import-card';
import { PrivacyCard } from '../components/privacy-card';
import { PrivacyExportCard } from '../components/privacy-export-card';
import { WebhooksCard } from '../components/webhooks-card';

/** Settings → Data and developer tools: the member's data in and out, their consents, API tokens and webhooks, and closing the account. */
export default function DataSection() {
  return (
    <>
      <GreenButtonImportCard />
      <GreenButtonExportCard />
      <PrivacyExportCard />
      <PrivacyCard />
      <ConsentHistoryCard />
      <ApiTokensCard />
      <WebhooksCard />
      <DeleteAccountCard />
    </>
  );
}
