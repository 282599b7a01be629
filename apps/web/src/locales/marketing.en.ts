import { POSTAL_CODE_INVALID_MESSAGE } from '@peakwise/contracts/postal-messages';

export const marketingEn = {
  header: {
    skipToContent: 'Skip to content',
    homeLink: 'Peakwise home',
    nav: 'Main',
    home: 'Home',
    howItWorks: 'How it works',
    help: 'Help',
    goToApp: 'Go to App',
    logIn: 'Log In',
    signUp: 'Sign Up',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  landing: {
    hero: {
      eyebrow: 'Now serving Ontario, British Columbia, Alberta and Québec',
      title: 'Save energy and money at home',
      titleAccent: 'and get rewarded for it',
      body: 'Peakwise members cut their electricity use by 10% on average, and we help you aim for 15% or more. There’s no cost and no risk, and setup takes under 5 minutes on any WiFi.',
      getStarted: 'Get Started',
      signUpClaim: 'Sign Up — members cut use by 10% on average',
    },
    facts: {
      label: 'Why members join',
      noCost: 'No cost, no risk',
      setup: 'Setup in under 5 minutes',
      wifi: 'Works on any WiFi',
    },
    postal: {
      title: 'Is Peakwise available where you live?',
      intro: 'Enter your postal code to check in seconds.',
      label: 'Postal code',
      placeholder: 'A1A 1A1',
      submit: 'Check',
      checking: 'Checking...',
      invalid: POSTAL_CODE_INVALID_MESSAGE,
      failed: 'Unable to verify this postal code. Please try again.',
      serviceableTitle: 'Great news!',
      serviceable: 'We provide service in {{city}}, {{province}}. Sign up now to start saving!',
      notServiceableTitle: 'Sorry!',
      notServiceable: "We don't currently service {{city}}, {{province}}. We're expanding quickly - check back soon!",
      signUp: 'Sign Up',
    },
    benefits: {
      eyebrow: 'Why Peakwise',
      title: 'Small changes at the right time add up',
      intro: 'When the grid is at its busiest, a few switched-off devices make a real difference — for your bill and for your province.',
      saveEnergy: {
        title: 'Save energy',
        body: 'See what your home uses and get a heads-up before peak demand, so you can power down what you don’t need.',
      },
      saveMoney: {
        title: 'Save money',
        body: 'Using less when electricity is most in demand lowers your bill. Members cut their use by 10% on average.',
      },
      redeemRewards: {
        title: 'Redeem rewards',
        body: 'Earn points for every Energy Saving Event. Cash them out (100 points = $1) or spend them in the Rewards Marketplace.',
      },
    },
    plug: {
      eyebrow: 'Free for members',
      title: 'Your smart plug is on us',
      body: 'Every member gets a free smart plug, a $29.99 value. Plug in a lamp, a heater or your TV and switch it off from your phone when an Energy Saving Event starts.',
      points: {
        wifi: 'Connects to any home WiFi',
        setup: 'Set up in under 5 minutes',
        track: 'See what each device uses',
      },
      valueLabel: 'Smart plug',
      value: '$29.99 value',
      price: 'Free',
    },
    events: {
      eyebrow: 'Energy Saving Events',
      title: 'A little effort at the right time',
      body: 'Energy Saving Events are short windows, usually on weeknight evenings, when demand on the grid peaks. We let you know by email or SMS, you power down what you can, and you earn points for the energy you save.',
      link: 'See how it works',
      steps: {
        notified: 'Get notified',
        reduce: 'Reduce',
        rewarded: 'Get rewarded',
      },
    },
    cta: {
      title: 'Ready to start saving?',
      body: 'Join for free in a few minutes. No cost, no risk — just a smarter way to use energy.',
      getStarted: 'Get Started',
    },
  },
  howItWorks: {
    eyebrow: 'How it works',
    title: 'Save energy when it matters most',
    intro: 'A few times a month, electricity demand spikes — usually on weeknight evenings. Peakwise turns those moments into Energy Saving Events: short windows when using less helps the grid and earns you rewards.',
    events: {
      title: 'What is an Energy Saving Event?',
      body: 'It’s a short peak-demand window, often about an hour. We tell you ahead of time by email or SMS. During the event you power down what you can — lights, heaters, entertainment — and we compare your use with your usual pattern to work out what you saved.',
    },
    steps: {
      title: 'Three steps to every event',
      notified: {
        title: 'Get notified',
        body: 'We email or text you before an event so you can plan ahead.',
      },
      reduce: {
        title: 'Reduce',
        body: 'Power down devices during the event, or switch them off with your smart plug.',
      },
      rewarded: {
        title: 'Get rewarded',
        body: 'Earn points for the energy you save. 100 points = $1, cashed out or spent in the Rewards Marketplace.',
      },
    },
    benefits: {
      title: 'Good for your home, good for the grid',
      intro: 'Easing off during peaks takes pressure off equipment everywhere, from the local transformer to the appliances in your home.',
      repair: {
        title: 'Reduced repair costs',
        body: 'Less strain at peak times means fewer breakdowns and lower maintenance bills.',
      },
      lifespan: {
        title: 'Extended equipment life',
        body: 'Appliances that rest during peaks run cooler and last longer.',
      },
      savings: {
        title: 'Overall energy savings',
        body: 'Habits formed during events carry over, lowering your use all year.',
      },
    },
    start: {
      title: 'Getting started',
      intro: 'Setup takes under 5 minutes and works on any WiFi.',
      connect: {
        title: 'Connect your smart plug',
        body: 'Plug in your free smart plug and join it to your home WiFi.',
      },
      monitor: {
        title: 'Monitor your usage',
        body: 'Follow your home’s use in the web dashboard, an installable web app: add it to your phone’s home screen from the browser.',
      },
      save: {
        title: 'Save energy',
        body: 'Power down during Energy Saving Events. Members cut use by 10% on average.',
      },
      earn: {
        title: 'Earn rewards',
        body: 'Collect points and spend them in the Rewards Marketplace or cash them out.',
      },
      step: 'Step {{number}}',
    },
    cta: {
      title: 'Ready to make your next peak count?',
      link: 'Get Started Now',
    },
  },
  footer: {
    description: 'Home energy savings and rewards for households in Ontario, British Columbia, Alberta and Québec.',
    nav: 'Footer',
    explore: 'Explore',
    account: 'Account',
    copyright: '© {{year}} Peakwise. All rights reserved.',
    rewardsNote: '100 points = $1. Free smart plug ($29.99 value) for members.',
  },
  provinces: {
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    PE: 'Prince Edward Island',
    NB: 'New Brunswick',
    QC: 'Québec',
    ON: 'Ontario',
    MB: 'Manitoba',
    SK: 'Saskatchewan',
    AB: 'Alberta',
    BC: 'British Columbia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    YT: 'Yukon',
  },
};
