import type { utilityGuideEn } from './utility-guide.en';
import type { Translation } from './shape';

export const utilityGuideEs: Translation<typeof utilityGuideEn> = {
  title: 'Dónde encontrar su archivo Green Button',
  utilityLabel: 'Su compañía eléctrica',
  choose: 'Elija su compañía eléctrica',
  provinces: { ON: 'Ontario', BC: 'Columbia Británica', QC: 'Quebec' },
  ontario: 'Hydro One, Toronto Hydro, Alectra y Hydro Ottawa ofrecen «Green Button Download My Data». Elija la suya para ver dónde está.',
  alberta: 'Ninguna de las compañías indicadas aquí da servicio en Alberta, y aún no conocemos ninguna compañía de Alberta que ofrezca la descarga Green Button.',
  elsewhere: 'Elija su compañía eléctrica para ver dónde está su descarga.',
  format: 'Si le piden un formato, elija XML (Green Button). Peakwise lee lecturas por hora y cada 15 minutos.',
  instead: 'Conecte un dispositivo en su lugar: un enchufe inteligente, o un Shelly Pro 3EM en su panel eléctrico para toda la casa.',
  connectDevice: 'Conectar un dispositivo',
  utilities: {
    hydroOne: { name: 'Hydro One', where: 'Inicie sesión en My Account en hydroone.com y abra Green Button Download My Data.', what: 'Obtiene un archivo XML de su consumo, de hasta 24 meses atrás.' },
    torontoHydro: { name: 'Toronto Hydro', where: 'Inicie sesión en su cuenta en línea de Toronto Hydro y abra Green Button Download My Data.', what: 'Obtiene un archivo XML de su consumo para las fechas que elija.' },
    alectra: { name: 'Alectra Utilities', where: 'Abra el Green Button Portal de Alectra e inicie sesión con los datos de su factura, confirmados con su número de teléfono.', what: 'Obtiene un archivo XML de su consumo.' },
    hydroOttawa: {
      name: 'Hydro Ottawa',
      where: 'Inicie sesión en MyAccount y abra Green Button. Sin MyAccount, el portal Green Button pide el número de cuenta de 20 dígitos, el total de kWh y la fecha de vencimiento de su última factura.',
      what: 'Obtiene un archivo XML de su consumo, de hasta 24 meses atrás.',
    },
    bcHydro: { name: 'BC Hydro', where: 'Inicie sesión en MyHydro y descargue su consumo eléctrico. Se ofrece en CSV o en XML Green Button: elija XML.', what: 'Hasta tres años atrás, hasta ayer.' },
    hydroQuebec: { name: 'Hydro-Québec', where: 'Hydro-Québec no ofrece descarga Green Button. Su Espace client muestra su consumo por día, mes y año, pero no en un archivo que Peakwise pueda leer.', what: 'Por ahora no hay ningún archivo que importar de Hydro-Québec.' },
  },
};
