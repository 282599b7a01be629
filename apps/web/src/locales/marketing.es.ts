import type { Translation } from './shape';
import type { marketingEn } from './marketing.en';

export const marketingEs: Translation<typeof marketingEn> = {
  header: {
    skipToContent: 'Saltar al contenido',
    homeLink: 'Inicio de Peakwise',
    nav: 'Principal',
    home: 'Inicio',
    howItWorks: 'Cómo funciona',
    help: 'Ayuda',
    goToApp: 'Ir a la app',
    logIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
  },
  landing: {
    hero: {
      eyebrow: 'Ya disponible en Ontario, Columbia Británica, Alberta y Quebec',
      title: 'Ahorra energía y dinero en casa',
      titleAccent: 'y recibe recompensas por ello',
      body: 'Los miembros de Peakwise reducen su consumo eléctrico un 10 % en promedio, y te ayudamos a llegar al 15 % o más. Sin costo y sin riesgo, y la instalación toma menos de 5 minutos con cualquier WiFi.',
      getStarted: 'Comenzar',
      signUpClaim: 'Regístrate — los miembros reducen su consumo un 10 % en promedio',
    },
    facts: {
      label: 'Por qué se unen nuestros miembros',
      noCost: 'Sin costo, sin riesgo',
      setup: 'Instalación en menos de 5 minutos',
      wifi: 'Funciona con cualquier WiFi',
    },
    postal: {
      title: '¿Peakwise está disponible donde vives?',
      intro: 'Introduce tu código postal para comprobarlo en segundos.',
      label: 'Código postal',
      placeholder: 'A1A 1A1',
      submit: 'Comprobar',
      checking: 'Comprobando...',
      invalid: 'Introduce un código postal válido (p. ej., A1A 1A1)',
      failed: 'No se pudo verificar este código postal. Inténtalo de nuevo.',
      serviceableTitle: '¡Buenas noticias!',
      serviceable: 'Ofrecemos servicio en {{city}}, {{province}}. ¡Regístrate ahora y empieza a ahorrar!',
      notServiceableTitle: '¡Lo sentimos!',
      notServiceable: 'Aún no damos servicio en {{city}}, {{province}}. Estamos creciendo rápido - ¡vuelve pronto!',
      signUp: 'Registrarse',
    },
    benefits: {
      eyebrow: 'Por qué Peakwise',
      title: 'Pequeños cambios en el momento justo suman',
      intro: 'Cuando la red está más exigida, apagar unos pocos aparatos marca una gran diferencia, para tu factura y para tu provincia.',
      saveEnergy: {
        title: 'Ahorra energía',
        body: 'Mira cuánto consume tu hogar y recibe un aviso antes de los picos de demanda para apagar lo que no necesitas.',
      },
      saveMoney: {
        title: 'Ahorra dinero',
        body: 'Consumir menos cuando la demanda es más alta reduce tu factura. Los miembros reducen su consumo un 10 % en promedio.',
      },
      redeemRewards: {
        title: 'Canjea recompensas',
        body: 'Gana puntos en cada Evento de Ahorro de Energía. Cóbralos (100 puntos = 1 $) o gástalos en el Mercado de Recompensas.',
      },
    },
    plug: {
      eyebrow: 'Gratis para miembros',
      title: 'Tu enchufe inteligente corre por nuestra cuenta',
      body: 'Cada miembro recibe un enchufe inteligente gratis, con un valor de 29,99 $. Conecta una lámpara, un calefactor o tu televisor y apágalo desde tu teléfono cuando empiece un Evento de Ahorro de Energía.',
      points: {
        wifi: 'Se conecta a cualquier WiFi doméstica',
        setup: 'Se instala en menos de 5 minutos',
        track: 'Mira cuánto consume cada aparato',
      },
      valueLabel: 'Enchufe inteligente',
      value: 'Valor de 29,99 $',
      price: 'Gratis',
    },
    events: {
      eyebrow: 'Eventos de Ahorro de Energía',
      title: 'Un pequeño esfuerzo en el momento justo',
      body: 'Los Eventos de Ahorro de Energía son periodos cortos, normalmente entre semana por la noche, en los que la demanda de la red alcanza su pico. Te avisamos por correo o SMS, apagas lo que puedas y ganas puntos por la energía que ahorras.',
      link: 'Ver cómo funciona',
      steps: {
        notified: 'Recibe el aviso',
        reduce: 'Reduce',
        rewarded: 'Gana recompensas',
      },
    },
    cta: {
      title: '¿Listo para empezar a ahorrar?',
      body: 'Únete gratis en pocos minutos. Sin costo, sin riesgo: simplemente una forma más inteligente de usar la energía.',
      getStarted: 'Comenzar',
    },
  },
  howItWorks: {
    eyebrow: 'Cómo funciona',
    title: 'Ahorra energía cuando más importa',
    intro: 'Algunas veces al mes, la demanda eléctrica se dispara, normalmente entre semana por la noche. Peakwise convierte esos momentos en Eventos de Ahorro de Energía: periodos cortos en los que consumir menos ayuda a la red y te da recompensas.',
    events: {
      title: '¿Qué es un Evento de Ahorro de Energía?',
      body: 'Es un periodo corto de máxima demanda, a menudo de una hora. Te avisamos con antelación por correo o SMS. Durante el evento apagas lo que puedas (luces, calefactores, entretenimiento) y comparamos tu consumo con tu patrón habitual para calcular lo que ahorraste.',
    },
    steps: {
      title: 'Tres pasos en cada evento',
      notified: {
        title: 'Recibe el aviso',
        body: 'Te enviamos un correo o un SMS antes del evento para que puedas planificarte.',
      },
      reduce: {
        title: 'Reduce',
        body: 'Apaga aparatos durante el evento o desconéctalos con tu enchufe inteligente.',
      },
      rewarded: {
        title: 'Gana recompensas',
        body: 'Gana puntos por la energía que ahorras. 100 puntos = 1 $, para cobrar o gastar en el Mercado de Recompensas.',
      },
    },
    benefits: {
      title: 'Bueno para tu hogar, bueno para la red',
      intro: 'Reducir el consumo en los picos alivia la carga de todos los equipos, desde el transformador del barrio hasta los electrodomésticos de tu casa.',
      repair: {
        title: 'Menos costos de reparación',
        body: 'Menos exigencia en las horas pico significa menos averías y menores gastos de mantenimiento.',
      },
      lifespan: {
        title: 'Equipos más duraderos',
        body: 'Los aparatos que descansan durante los picos se calientan menos y duran más.',
      },
      savings: {
        title: 'Ahorro de energía general',
        body: 'Los hábitos que adquieres en los eventos continúan y reducen tu consumo todo el año.',
      },
    },
    start: {
      title: 'Cómo empezar',
      intro: 'La instalación toma menos de 5 minutos y funciona con cualquier WiFi.',
      connect: {
        title: 'Conecta tu enchufe inteligente',
        body: 'Enchufa tu enchufe inteligente gratuito y conéctalo a la WiFi de tu casa.',
      },
      monitor: {
        title: 'Controla tu consumo',
        body: 'Sigue el consumo de tu hogar en el panel web, una app web instalable: añádela a la pantalla de inicio de tu teléfono desde el navegador.',
      },
      save: {
        title: 'Ahorra energía',
        body: 'Apaga aparatos durante los Eventos de Ahorro de Energía. Los miembros reducen su consumo un 10 % en promedio.',
      },
      earn: {
        title: 'Gana recompensas',
        body: 'Acumula puntos y gástalos en el Mercado de Recompensas o cóbralos.',
      },
      step: 'Paso {{number}}',
    },
    cta: {
      title: '¿Listo para aprovechar el próximo pico?',
      link: 'Comenzar ahora',
    },
  },
  footer: {
    description: 'Ahorro de energía y recompensas para hogares de Ontario, Columbia Británica, Alberta y Quebec.',
    nav: 'Pie de página',
    explore: 'Explorar',
    account: 'Cuenta',
    copyright: '© {{year}} Peakwise. Todos los derechos reservados.',
    rewardsNote: '100 puntos = 1 $. Enchufe inteligente gratis (valor de 29,99 $) para miembros.',
  },
  provinces: {
    NL: 'Terranova y Labrador',
    NS: 'Nueva Escocia',
    PE: 'Isla del Príncipe Eduardo',
    NB: 'Nuevo Brunswick',
    QC: 'Quebec',
    ON: 'Ontario',
    MB: 'Manitoba',
    SK: 'Saskatchewan',
    AB: 'Alberta',
    BC: 'Columbia Británica',
    NT: 'Territorios del Noroeste',
    NU: 'Nunavut',
    YT: 'Yukón',
  },
};
