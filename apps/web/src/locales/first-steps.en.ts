export const firstStepsEn = {
  title: 'Get started',
  intro: 'A few steps to make the most of Peakwise. Each one ticks itself once it is done.',
  progress: '{{done}} of {{total}} done',
  done: 'Done',
  notDone: 'Not done yet',
  dismiss: 'Hide these steps',
  steps: {
    confirmEmail: { title: 'Confirm your email', body: 'Follow the link we sent you so we can reach you about your account.', action: 'Send the email again' },
    connectData: { title: 'Connect a device or import your utility file', body: 'Your usage, costs and savings need readings from your home.', action: 'Add a device', import: 'Import a Green Button file' },
    eventNotifications: { title: 'Turn on event notifications', body: 'Hear about Energy Saving Events before they start.', action: 'Choose notifications' },
    eventOptIn: { title: 'Opt in to events in your area', body: 'Take part in Energy Saving Events and earn points.', action: 'Opt in to events' },
  },
  resend: { sent: 'Sent. Check your inbox.', tooSoon: 'An email was sent less than a minute ago. Try again shortly.', failed: 'The email could not be sent. Try again.' },
};
