import { AlertMessage } from '@/components/ui/alert-message';

/** The server's reasons for refusing a change, one per line, under a lead-in. */
export function RefusalAlert({ lead, messages }: { lead: string; messages: string[] }) {
  return (
    <AlertMessage tone="error">
      <p className="font-medium">{lead}</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </AlertMessage>
  );
}
