export const plugsEn = {
  label: 'Power switch',
  on: 'On',
  off: 'Off',
  unknown: 'Not reported yet',
  switchOn: 'Switch {{name}} on',
  switchOff: 'Switch {{name}} off',
  waiting: 'Waiting for {{name}} to confirm…',
  confirmedOn: '{{name}} is on.',
  confirmedOff: '{{name}} is off.',
  neverSwitch: 'Always on: this plug powers something that must not lose power, so it can’t be switched off remotely.',
  errors: {
    never_switch: '{{name}} powers something that must stay on, so it can’t be switched off remotely.',
    not_switchable: '{{name}} isn’t a smart plug, so it can’t be switched remotely.',
    plug_unreachable: 'We couldn’t reach your devices just now. Nothing was switched; please try again.',
    plug_timeout: '{{name}} didn’t confirm the change in time. It may be offline, so it stays as it last reported.',
    generic: 'The plug couldn’t be switched. Please try again.',
  },
};
