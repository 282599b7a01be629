import type { Translation } from './shape';
import type { helpEn } from './help.en';

export const helpEs: Translation<typeof helpEn> = {
  title: 'Ayuda y soporte',
  intro: 'Respuestas sobre tu enchufe inteligente, los Eventos de ahorro de energía, los puntos y las facturas — y personas reales cuando las necesites.',
  search: {
    label: 'Buscar en la ayuda',
    placeholder: 'Busca en las preguntas, p. ej. «puntos»',
    clear: 'Borrar búsqueda',
  },
  support: {
    heading: 'Contáctanos',
    phone: {
      title: 'Soporte telefónico',
      body: 'Habla con nuestro equipo a cualquier hora, de día o de noche. El soporte está disponible las 24 horas, los 7 días de la semana.',
      action: 'Llámanos',
    },
    email: {
      title: 'Soporte por correo',
      body: 'Envíanos los detalles y te responderemos en un plazo de 24 horas.',
      action: 'Enviar un correo',
    },
    guide: {
      title: 'Guía del usuario',
      body: 'Ayuda paso a paso para instalar tu enchufe, participar en eventos y ganar puntos.',
      action: 'Abrir la guía del usuario',
    },
  },
  faq: {
    heading: 'Preguntas frecuentes',
    filterLabel: 'Filtrar preguntas por categoría',
    resultCount: 'Mostrando {{shown}} de {{total}} preguntas',
    noResultsTitle: 'Ninguna pregunta coincide con tu búsqueda',
    noResultsBody: 'Prueba con otras palabras, elige Todas o contáctanos — con gusto te ayudamos.',
    clearFilters: 'Borrar búsqueda y filtros',
  },
  categories: {
    all: 'Todas',
    gettingStarted: 'Primeros pasos',
    events: 'Eventos de ahorro de energía',
    rewards: 'Puntos y recompensas',
    data: 'Consumo y dispositivos',
    billing: 'Facturación',
    account: 'Cuenta y soporte',
  },
  questions: {
    whatIsPeakwise: {
      question: '¿Qué es Peakwise?',
      answer:
        'Peakwise es un servicio gratuito de ahorro de energía para hogares. Recibes un enchufe inteligente gratis, te avisamos de breves periodos de máxima demanda llamados Eventos de ahorro de energía y ganas puntos por consumir menos electricidad durante ellos.',
    },
    whereAvailable: {
      question: '¿Dónde está disponible Peakwise?',
      answer:
        'Peakwise da servicio a hogares de Ontario, Columbia Británica, Alberta y Quebec. Escribe tu código postal en la página de inicio para comprobar tu dirección.',
    },
    cost: {
      question: '¿Peakwise tiene algún costo?',
      answer:
        'No. La membresía es gratuita, no tiene ningún riesgo y tu enchufe inteligente (valorado en $29.99) también es gratis. Nunca pagas nada por perderte un evento.',
    },
    plugSetup: {
      question: '¿Cómo instalo mi enchufe inteligente?',
      answer:
        'Primero conecta el enchufe a tu WiFi con la aplicación de su fabricante. Después, en Peakwise, abre Dispositivos, elige Añadir dispositivo, escribe el identificador del enchufe, un nombre y su tipo, y elige Vincular dispositivo. Peakwise muestra una sola vez el token y los datos MQTT del enchufe: introdúcelos en la configuración MQTT del propio enchufe (en un enchufe Shelly Gen2 o Gen3: Settings → MQTT). ¿No tienes enchufe? Importa el archivo Green Button de tu distribuidora en Configuración → Datos y herramientas para desarrolladores. La guía del usuario de abajo explica cada paso.',
    },
    whatIsEvent: {
      question: '¿Qué es un Evento de ahorro de energía?',
      answer:
        'Un Evento de ahorro de energía es un periodo breve en el que la demanda de la red llega a su punto máximo — normalmente entre semana por la tarde-noche, por ejemplo de 6 a 7 p. m. Consumir menos electricidad en ese periodo ayuda a la red y te da puntos.',
    },
    eventNotice: {
      question: '¿Cómo sabré que se acerca un evento?',
      answer:
        'Te enviamos un correo o un SMS antes de cada evento con la hora de inicio y de fin y los puntos que puedes ganar. Puedes elegir cómo recibir los avisos en Configuración.',
    },
    eventMeasure: {
      question: '¿Cómo se mide mi reducción?',
      answer:
        'Comparamos tu consumo durante el evento con tu consumo habitual a la misma hora en días similares recientes (tu referencia). La diferencia es tu reducción. Apagar dispositivos o dejar tareas como lavar la ropa para más tarde es lo que más ayuda.',
    },
    eventOptional: {
      question: '¿Tengo que participar en todos los eventos?',
      answer:
        'No. Todos los eventos son opcionales y no hay ninguna penalización por saltarte uno — simplemente no ganas puntos por ese evento.',
    },
    pointsEarn: {
      question: '¿Cuántos puntos puedo ganar?',
      answer:
        'Cada evento muestra su recompensa, normalmente 100 puntos. La ganas cuando reduces tu consumo al menos un 10 % por debajo de tu referencia, y las reducciones mayores pueden darte hasta el doble. Los puntos nunca se te restan.',
    },
    pointsValue: {
      question: '¿Cuánto valen mis puntos?',
      answer:
        '100 puntos = $1. Puedes cobrar tus puntos en efectivo o gastarlos en el Mercado de recompensas en tecnología para el hogar inteligente.',
    },
    pointsTiming: {
      question: '¿Cuándo aparecen los puntos en mi cuenta?',
      answer:
        'Ves una estimación mientras el evento está en curso. Los puntos pasan a ser definitivos cuando se liquida el evento, poco después de que termine. Un ahorro demasiado pequeño para distinguirse de la variación habitual de tu hogar de un día a otro queda retenido: sus puntos se pagan en cuanto tus eventos de esa temporada, en conjunto, se distinguen de esa variación, y la página del evento muestra cómo va tu temporada.',
    },
    readings: {
      question: '¿Con qué frecuencia se actualizan mis datos de energía?',
      answer:
        'Las lecturas de energía se actualizan cada 5 minutos, con una precisión de 1 %. Si tu enchufe se desconecta, ese intervalo aparece como datos faltantes — nunca como cero — y las lecturas se reanudan en cuanto se vuelve a conectar.',
    },
    solarData: {
      question: '¿Puedo ver lo que producen mis paneles solares?',
      answer:
        'Sí. Si tu casa tiene paneles solares, la sección Sistema solar muestra la producción, el consumo y cuánto importas de la red o exportas a ella.',
    },
    billingSchedule: {
      question: '¿Cuándo se emite mi factura y cuándo vence?',
      answer:
        'Las facturas se generan el día 1 y vencen el día 15. Cada factura cubre tu consumo medido del mes anterior.',
    },
    billingRates: {
      question: '¿Cómo se calcula mi factura?',
      answer:
        'Multiplicamos tu consumo medido por las tarifas eléctricas de tu provincia, como las tarifas por horario en Ontario o la Tarifa D de Hydro-Québec. Un cambio de tarifa nunca modifica una factura ya emitida.',
    },
    supportHours: {
      question: '¿Cómo me comunico con soporte?',
      answer: 'Escribe a {{email}}: respondemos en un plazo de 24 horas.',
      answerWithPhone: 'Llama al {{phone}} o escribe a {{email}}: respondemos los correos en un plazo de 24 horas.',
    },
    language: {
      question: '¿Puedo usar Peakwise en francés o en español?',
      answer:
        'Sí. Peakwise está disponible en inglés, francés y español. Elige tu idioma en el menú de idiomas o en Configuración.',
    },
    privacy: {
      question: '¿Qué hacen con mis datos?',
      answer:
        'Usamos tus lecturas de energía solo para que Peakwise funcione: medir los eventos y calcular los puntos y las facturas. No vendemos tus datos. Puedes exportar tus datos o eliminar tu cuenta desde Configuración.',
    },
  },
  guide: {
    heading: 'Guía del usuario',
    intro: 'Cinco guías breves con todo lo que necesitas para aprovechar Peakwise al máximo.',
    stepsLabel: 'Pasos',
    topics: {
      smartPlug: {
        title: 'Vincular un enchufe inteligente o los datos de tu distribuidora',
        summary: 'Vincula un enchufe que informa por MQTT o importa un archivo Green Button.',
        steps: {
          s1: 'Conecta el enchufe a tu WiFi con la aplicación o las instrucciones de su fabricante: Peakwise no hace este paso. Peakwise lee los enchufes Shelly Gen2 y Gen3 (Plus Plug S, Plus Plug US, Plug S Gen3) con su firmware de fábrica.',
          s2: 'En Peakwise, abre Dispositivos y elige Añadir dispositivo. Elige qué vinculas, un nombre según lo que alimenta (por ejemplo, «Calefactor de la sala»), su tipo y, si quieres, su habitación. El identificador es opcional: déjalo vacío y Peakwise le da uno al enchufe (el de un Tasmota debe caber en su Topic de 32 caracteres). Luego elige Vincular dispositivo. Si pediste el enchufe Peakwise gratuito, «Conectar su enchufe» en el panel hace todo esto con un clic.',
          s3: 'Peakwise muestra el token y los datos MQTT del enchufe una sola vez: cópialos antes de cerrar la ventana. Si pierdes el token, quita el dispositivo y vincúlalo de nuevo.',
          s4: 'En un enchufe Shelly, abre su propia página web (su dirección IP en un navegador) y ve a Settings → MQTT. Activa MQTT; escribe el servidor, el usuario MQTT y, como contraseña, el token; pon el prefijo MQTT que te dio Peakwise; activa «RPC status notifications over MQTT» y «Generic status update over MQTT»; y guarda. El enchufe se reconecta e informa más o menos una vez por minuto.',
          s5: 'Un Shelly EM en su panel (un Pro 3EM o un EM de primera generación) tiene sus propios pasos en la pantalla de vinculación; para un EM de primera generación, indique si tiene una pinza o dos e ingrese el identificador indicado en «Use custom MQTT prefix». Cualquier otro dispositivo, como un medidor o una pasarela, debe enviar sus lecturas en el formato de Peakwise con su token: por MQTT bajo el prefijo de tema mostrado, o a la dirección HTTP mostrada.',
          s6: '¿No tienes enchufe? Descarga tus datos por intervalos del sitio web de tu distribuidora (Green Button «Descargar mis datos») e importa el archivo XML en Configuración → Datos y herramientas para desarrolladores: el Historial de consumo, el Panel y la Facturación se completan con él.',
        },
      },
      events: {
        title: 'Entender los Eventos de ahorro de energía',
        summary: 'Qué pasa antes, durante y después de un evento.',
        steps: {
          s1: 'Atento a nuestro correo o SMS: indica el horario del evento, normalmente una tarde-noche entre semana, y los puntos que puedes ganar.',
          s2: 'Antes del evento, termina las tareas que más energía gastan, como lavar la ropa, usar el lavavajillas o cocinar con el horno.',
          s3: 'Durante el evento, apaga tu enchufe inteligente y todo lo que no necesites, y baja unos grados la calefacción o el aire acondicionado.',
          s4: 'Después del evento, revisa tu resultado: comparamos tu consumo con tu consumo habitual a esa hora.',
        },
      },
      data: {
        title: 'Leer tus datos de consumo y solares',
        summary: 'Entiende tus gráficos y tus cifras.',
        steps: {
          s1: 'Abre Historial de consumo para comparar tu consumo de 7 días, 30 días o un año completo.',
          s2: 'Las lecturas llegan cada 5 minutos; un hueco en un gráfico significa datos faltantes, no consumo cero.',
          s3: 'Si tienes paneles solares, abre Sistema solar para ver la producción, el consumo y lo que importas de la red o exportas a ella.',
          s4: 'Busca tus horas de mayor consumo — es donde resulta más fácil ahorrar durante los eventos.',
        },
      },
      points: {
        title: 'Ganar y canjear puntos',
        summary: '100 puntos = $1, que ganas ahorrando durante los eventos.',
        steps: {
          s1: 'Reduce tu consumo al menos un 10 % por debajo de lo habitual durante un evento para ganar su recompensa, normalmente 100 puntos.',
          s2: 'Cuanto más reduces, más ganas — hasta el doble de la recompensa del evento.',
          s3: 'Abre Recompensas para ver tu saldo y el historial de cada punto ganado o gastado.',
          s4: 'Cobra tus puntos en efectivo (100 puntos = $1) o gástalos en el Mercado de recompensas en tecnología para el hogar inteligente.',
        },
      },
      account: {
        title: 'Gestionar tu cuenta y tu privacidad',
        summary: 'Perfil, avisos, seguridad y tus datos.',
        steps: {
          s1: 'Abre Configuración para actualizar tu nombre y tu correo electrónico.',
          s2: 'Elige si quieres recibir los avisos de eventos por correo, por SMS o por ambos.',
          s3: 'Cambia tu contraseña y activa la autenticación de dos factores para proteger tu cuenta.',
          s4: 'Exporta tus datos o elimina tu cuenta cuando quieras desde Configuración.',
        },
      },
    },
  },
  contact: {
    heading: 'Datos de contacto',
    phoneLabel: 'Teléfono',
    emailLabel: 'Correo electrónico',
    hoursLabel: 'Horario',
    hours: 'El soporte está disponible las 24 horas, los 7 días de la semana, y respondemos los correos en un plazo de 24 horas.',
  },
};
