type SwitchPromptProps = { question: string; action: string; onAction: () => void };

/** "Don't have an account? Sign up!" — the link between the two auth dialogs. */
export function SwitchPrompt({ question, action, onAction }: SwitchPromptProps) {
  return (
    <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-700">
      {question}{' '}
      <button
        type="button"
        onClick={onAction}
        className="rounded font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {action}
      </button>
    </p>
  );
}
