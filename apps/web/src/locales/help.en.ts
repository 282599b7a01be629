export const helpEn = {
  title: 'Help & Support',
  intro: 'Answers about your smart plug, Energy Saving Events, points and bills — and real people when you need them.',
  search: {
    label: 'Search help',
    placeholder: 'Search the FAQ, e.g. “points”',
    clear: 'Clear search',
  },
  support: {
    heading: 'Get in touch',
    phone: {
      title: 'Phone support',
      body: 'Talk to our team any time, day or night. Support is available 24/7.',
      action: 'Call us',
    },
    email: {
      title: 'Email support',
      body: 'Send us the details and we’ll reply within 24 hours.',
      action: 'Send an email',
    },
    guide: {
      title: 'User guide',
      body: 'Step-by-step help for setting up your plug, joining events and earning points.',
      action: 'Open the user guide',
    },
  },
  faq: {
    heading: 'Frequently asked questions',
    filterLabel: 'Filter questions by category',
    resultCount: 'Showing {{shown}} of {{total}} questions',
    noResultsTitle: 'No questions match your search',
    noResultsBody: 'Try other words, choose All, or contact us — we’re happy to help.',
    clearFilters: 'Clear search and filters',
  },
  categories: {
    all: 'All',
    gettingStarted: 'Getting started',
    events: 'Energy Saving Events',
    rewards: 'Points & rewards',
    data: 'Usage & devices',
    billing: 'Billing',
    account: 'Account & support',
  },
  questions: {
    whatIsPeakwise: {
      question: 'What is Peakwise?',
      answer:
        'Peakwise is a free energy-saving service for households. You get a free smart plug, we tell you about short peak-demand windows called Energy Saving Events, and you earn points for using less electricity during them.',
    },
    whereAvailable: {
      question: 'Where is Peakwise available?',
      answer:
        'Peakwise serves homes in Ontario, British Columbia, Alberta and Québec. Enter your postal code on the home page to check your address.',
    },
    cost: {
      question: 'Does Peakwise cost anything?',
      answer:
        'No. Membership is free, there is no risk, and your smart plug (worth $29.99) is free too. You never pay for missing an event.',
    },
    plugSetup: {
      question: 'How do I set up my smart plug?',
      answer:
        'Get the plug onto your home Wi-Fi with its maker’s app first. Then, in Peakwise, open Devices, choose Add device, enter the plug’s device id, a name and its type, and choose Pair device. Peakwise shows the plug’s token and MQTT details once: enter them in the plug’s own MQTT settings (on a Shelly Gen2 or Gen3 plug: Settings → MQTT). No plug? Import your utility’s Green Button file in Settings → Data and developer tools. The user guide below has each step.',
    },
    whatIsEvent: {
      question: 'What is an Energy Saving Event?',
      answer:
        'An Energy Saving Event is a short window when demand on the grid peaks — usually on weeknight evenings, for example 6–7 PM. Using less electricity during that window helps the grid and earns you points.',
    },
    eventNotice: {
      question: 'How will I know when an event is coming?',
      answer:
        'We send you an email or SMS ahead of each event with its start and end time and the points on offer. You can choose how you’re notified in Settings.',
    },
    eventMeasure: {
      question: 'How is my reduction measured?',
      answer:
        'We compare your use during the event with your usual use at the same time of day on recent similar days (your baseline). The difference is your reduction. Powering down devices or shifting chores such as laundry to later in the evening makes the biggest difference.',
    },
    eventOptional: {
      question: 'Do I have to take part in every event?',
      answer:
        'No. Every event is optional and there is no penalty for skipping one — you simply don’t earn points for it.',
    },
    pointsEarn: {
      question: 'How many points can I earn?',
      answer:
        'Each event shows its reward, typically 100 points. You earn it when you cut your use at least 10% below your baseline, and larger cuts can earn up to double. Points are never taken away.',
    },
    pointsValue: {
      question: 'What are my points worth?',
      answer:
        '100 points = $1. You can cash out your points or spend them in the Rewards Marketplace on smart-home technology.',
    },
    pointsTiming: {
      question: 'When do points show up in my account?',
      answer:
        'You see an estimate while the event is running. Points become final once the event has been settled, shortly after it ends. A saving too small to tell apart from your home’s usual day-to-day swing is held: its points are paid once your events that season, together, are clear of that swing, and the event’s page shows where your season stands.',
    },
    readings: {
      question: 'How often is my energy data updated?',
      answer:
        'Energy readings update every 5 minutes, with accuracy within 1%. If your plug goes offline, the gap is shown as missing data — never as zero — and readings resume once it reconnects.',
    },
    solarData: {
      question: 'Can I see what my solar panels produce?',
      answer:
        'Yes. If your home has solar panels, the Solar System section shows production, consumption and how much you import from or export to the grid.',
    },
    billingSchedule: {
      question: 'When is my bill issued and when is it due?',
      answer:
        'Bills are generated on the 1st and due on the 15th. Each bill covers your metered use for the previous month.',
    },
    billingRates: {
      question: 'How is my bill calculated?',
      answer:
        'We multiply your metered use by the electricity rates for your province, such as time-of-use rates in Ontario or Hydro-Québec’s Rate D. A rate change never changes a bill that has already been issued.',
    },
    supportHours: {
      question: 'How do I reach support?',
      answer: 'Email {{email}}: we reply within 24 hours.',
      answerWithPhone: 'Call {{phone}} or email {{email}}: we reply to emails within 24 hours.',
    },
    language: {
      question: 'Can I use Peakwise in French or Spanish?',
      answer:
        'Yes. Peakwise is available in English, French and Spanish. Choose your language from the language menu or in Settings.',
    },
    privacy: {
      question: 'What do you do with my data?',
      answer:
        'We use your energy readings only to run Peakwise: measuring events, calculating points and bills. We don’t sell your data. You can export your data or delete your account from Settings.',
    },
  },
  guide: {
    heading: 'User guide',
    intro: 'Five short guides that cover everything you need to get the most out of Peakwise.',
    stepsLabel: 'Steps',
    topics: {
      smartPlug: {
        title: 'Connecting a smart plug or your utility’s data',
        summary: 'Pair a plug that reports over MQTT, or import a Green Button file.',
        steps: {
          s1: 'Get the plug onto your home Wi-Fi with its maker’s app or instructions: Peakwise doesn’t do this step. Peakwise reads Shelly Gen2 and Gen3 plugs (Plus Plug S, Plus Plug US, Plug S Gen3) with their own firmware.',
          s2: 'In Peakwise, open Devices and choose Add device. Choose what you are pairing, a name after what it powers (for example “Living room heater”), its type and, if you like, its room. The device id is optional: leave it empty and Peakwise gives the plug one (a Tasmota’s must fit its 32-character Topic). Then choose Pair device. If you ordered the free Peakwise plug, “Connect your plug” on the Dashboard does all this in one click.',
          s3: 'Peakwise shows the plug’s token and MQTT details once only: copy them before you close the window. If you lose the token, remove the device and pair it again.',
          s4: 'On a Shelly plug, open its own web page (its IP address in a browser) and go to Settings → MQTT. Turn MQTT on; enter the server, the MQTT username and, as the password, the token; set the MQTT prefix Peakwise gave; turn on “RPC status notifications over MQTT” and “Generic status update over MQTT”; and save. The plug reconnects and reports about once a minute.',
          s5: 'A Shelly EM at your panel (a Pro 3EM, or a first-generation EM) has its own steps on the pairing screen; for a first-generation EM, say whether it has one clamp or two, and enter the id shown under “Use custom MQTT prefix”. Any other device, such as a meter or a gateway, must send readings in Peakwise’s own format with its token: over MQTT under the topic prefix shown, or to the HTTP endpoint shown.',
          s6: 'No plug? Download your interval data from your utility’s website (Green Button “Download My Data”) and import the XML file in Settings → Data and developer tools: Usage History, the Dashboard and Billing fill in from it.',
        },
      },
      events: {
        title: 'Understanding Energy Saving Events',
        summary: 'What happens before, during and after an event.',
        steps: {
          s1: 'Watch for our email or SMS: it gives the event window, usually on a weeknight evening, and the points on offer.',
          s2: 'Before the event, finish energy-hungry chores like laundry, dishwashing or cooking with the oven.',
          s3: 'During the event, switch off your smart plug and anything you don’t need, and lower heating or cooling a few degrees.',
          s4: 'After the event, check your result: we compare your use with your usual use at that time of day.',
        },
      },
      data: {
        title: 'Reading your usage and solar data',
        summary: 'Make sense of your charts and numbers.',
        steps: {
          s1: 'Open Usage History to compare your use over 7 days, 30 days or a full year.',
          s2: 'Readings arrive every 5 minutes; a gap in a chart means missing data, not zero use.',
          s3: 'With solar panels, open Solar System to see production, consumption, and what you import from or export to the grid.',
          s4: 'Look for your highest-use hours — they’re the easiest place to save during events.',
        },
      },
      points: {
        title: 'Earning and redeeming points',
        summary: '100 points = $1, earned by saving during events.',
        steps: {
          s1: 'Cut your use at least 10% below your usual level during an event to earn its reward, typically 100 points.',
          s2: 'Bigger cuts earn more — up to double the event’s reward.',
          s3: 'Open Rewards to see your balance and the history of every point earned or spent.',
          s4: 'Cash out (100 points = $1) or spend your points in the Rewards Marketplace on smart-home technology.',
        },
      },
      account: {
        title: 'Managing your account and privacy',
        summary: 'Profile, notifications, security and your data.',
        steps: {
          s1: 'Open Settings to update your name and email address.',
          s2: 'Choose whether event notices reach you by email, SMS or both.',
          s3: 'Change your password and turn on two-factor authentication to protect your account.',
          s4: 'Export your data or delete your account at any time from Settings.',
        },
      },
    },
  },
  contact: {
    heading: 'Contact details',
    phoneLabel: 'Phone',
    emailLabel: 'Email',
    hoursLabel: 'Hours',
    hours: 'Support is available 24/7, with a 24-hour email response.',
  },
};
