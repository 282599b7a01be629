/**
 * Where a member finds their utility's Green Button file, shown in the first-visit checklist and
 * on the import screen. In our own words from each utility's public pages; the pages themselves
 * are listed in docs/green-button.md, not here.
 */
export const utilityGuideEn = {
  title: 'Where to find your Green Button file',
  utilityLabel: 'Your utility',
  choose: 'Choose your utility',
  provinces: { ON: 'Ontario', BC: 'British Columbia', QC: 'Québec' },
  ontario: 'Hydro One, Toronto Hydro, Alectra and Hydro Ottawa all offer “Green Button Download My Data”. Choose yours to see where it is.',
  alberta: 'None of the utilities listed here serves Alberta, and we know of no Alberta utility that offers a Green Button download yet.',
  elsewhere: 'Choose your utility to see where its download is.',
  format: 'If asked for a format, choose XML (Green Button). Peakwise reads hourly and 15-minute readings.',
  instead: 'Connect a device instead: a smart plug, or a Shelly Pro 3EM at your electrical panel for the whole home.',
  connectDevice: 'Connect a device',
  utilities: {
    hydroOne: { name: 'Hydro One', where: 'Sign in to My Account on hydroone.com and open Green Button Download My Data.', what: 'You get an XML file of your use, up to 24 months back.' },
    torontoHydro: { name: 'Toronto Hydro', where: 'Sign in to your Toronto Hydro online account and open Green Button Download My Data.', what: 'You get an XML file of your use for the dates you choose.' },
    alectra: { name: 'Alectra Utilities', where: 'Open Alectra’s Green Button Portal and sign in with the details on your bill, confirmed with your phone number.', what: 'You get an XML file of your use.' },
    hydroOttawa: {
      name: 'Hydro Ottawa',
      where: 'Sign in to MyAccount and open Green Button. Without MyAccount, the Green Button portal asks for the 20-digit account number, the total kWh and the due date on your latest bill.',
      what: 'You get an XML file of your use, up to 24 months back.',
    },
    bcHydro: { name: 'BC Hydro', where: 'Sign in to MyHydro and download your electricity use. It comes as CSV or Green Button XML: choose XML.', what: 'Up to three years back, up to yesterday.' },
    hydroQuebec: { name: 'Hydro-Québec', where: 'Hydro-Québec does not offer a Green Button download. Its Espace client shows your use by day, month and year, but not as a file Peakwise can read.', what: 'So there is no file to import from Hydro-Québec for now.' },
  },
} as const;
