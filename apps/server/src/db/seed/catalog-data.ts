/**
 * Reference data for the demo catalogue: real aftermarket brands with their number styles,
 * part types in zh/en/es, vehicle makes with the style of their OE numbers.
 *
 * Number patterns: `#` = digit, `@` = letter (no I/O, which makers avoid), `%` = digit or
 * letter; every other character is literal.
 */

export type Category =
  | 'brake'
  | 'filter'
  | 'ignition'
  | 'suspension'
  | 'steering'
  | 'bearing'
  | 'belt'
  | 'clutch'
  | 'cooling'
  | 'sensor'
  | 'electrical'
  | 'lighting'
  | 'wiper'
  | 'gasket'
  | 'mount'
  | 'fuel';

export interface BrandSpec {
  name: string;
  country: string;
  /** Price multiplier against the part type's base price (premium brands above 1). */
  premium: number;
  /** Number patterns per category; `default` when the category has none. */
  patterns: Partial<Record<Category, readonly string[]>> & { default: readonly string[] };
  categories: readonly Category[];
  /** Part type codes the brand is limited to within its categories (a battery maker makes no starters). */
  onlyTypes?: readonly string[];
}

export const BRANDS: readonly BrandSpec[] = [
  {
    name: 'Bosch',
    country: 'DE',
    premium: 1.1,
    categories: ['brake', 'filter', 'ignition', 'sensor', 'electrical', 'wiper', 'fuel'],
    // Lighting only through the bulb type's brand list: Bosch sells bulbs, not headlamps.
    patterns: {
      brake: ['0 986 4## ###', '0 986 47# ###'],
      filter: ['F 026 4## ###', '0 451 1## ###', '1 457 4## ###'],
      ignition: ['0 242 2## ###', '0 221 5## ###', '0 250 2## ###'],
      sensor: ['0 258 0## ###', '0 265 007 ###', '0 281 00# ###'],
      electrical: ['0 986 0## ###', '0 092 S## 0##'],
      lighting: ['1 987 302 ###', '1 987 301 ###'],
      wiper: ['3 397 0## ###', '3 397 118 ###'],
      fuel: ['0 580 2## ###', '0 986 580 ###'],
      default: ['0 986 4## ###'],
    },
  },
  {
    name: 'Mann-Filter',
    country: 'DE',
    premium: 1.05,
    categories: ['filter'],
    patterns: { default: ['W ###/##', 'C ## ###', 'HU ###/# x', 'CU ####', 'WK ###/#', 'CUK ####', 'C ##.###'] },
  },
  {
    name: 'Mahle',
    country: 'DE',
    premium: 1.05,
    categories: ['filter', 'cooling', 'gasket'],
    patterns: {
      filter: ['OC ###', 'LX ####', 'KL ###', 'OX ###D', 'LA ###', 'KX ###D'],
      cooling: ['CR ### 000S', 'TX ## ##D', 'CP ### 000P'],
      default: ['0## ## ###'],
    },
  },
  {
    name: 'Denso',
    country: 'JP',
    premium: 1.0,
    categories: ['ignition', 'sensor', 'cooling', 'electrical', 'wiper', 'filter'],
    patterns: {
      ignition: ['K##TT', 'IK##TT', 'SK##R##', 'DIC-0###'],
      sensor: ['DOX-0###', '234-####', 'DCPS-0###'],
      cooling: ['DRM#####', 'DWP#####'],
      electrical: ['DSN###', 'DAN###'],
      wiper: ['DU-0##L', 'DF-0##'],
      filter: ['DCF###K', 'DCC#####'],
      default: ['DCP#####'],
    },
  },
  {
    name: 'NGK',
    country: 'JP',
    premium: 1.0,
    categories: ['ignition', 'sensor'],
    patterns: {
      ignition: ['BKR#E-11', 'ILKAR#B11', 'LZKAR#AP-11', 'BPR#ES', 'ILZKR#B##', 'U####', 'U5###'],
      sensor: ['OZA###-@@#', 'LZA##-@@#'],
      default: ['BKR#E-11'],
    },
  },
  {
    name: 'Brembo',
    country: 'IT',
    premium: 1.3,
    categories: ['brake'],
    patterns: { default: ['P ## ###', '09.@###.1#', '08.@###.##', 'S ## ###', 'M ## ###'] },
  },
  {
    name: 'TRW',
    country: 'DE',
    premium: 1.05,
    categories: ['brake', 'steering', 'suspension'],
    patterns: {
      brake: ['GDB####', 'DF####', 'DF####S', 'BHS####', 'GS####'],
      steering: ['JTE####', 'JBJ####', 'JTS####'],
      suspension: ['JTC####', 'JTS####'],
      default: ['GDB####'],
    },
  },
  {
    name: 'Valeo',
    country: 'FR',
    premium: 1.05,
    categories: ['clutch', 'cooling', 'electrical', 'lighting', 'wiper'],
    patterns: { default: ['8#####', '4#####', '5#####', '57####'] },
  },
  {
    name: 'SKF',
    country: 'SE',
    premium: 1.1,
    categories: ['bearing', 'belt', 'gasket'],
    patterns: {
      bearing: ['VKBA ####', 'VKBD ####', 'VKDS ######'],
      belt: ['VKMA 0####', 'VKMC 0####', 'VKPC #####', 'VKM ####'],
      default: ['VKBA ####'],
    },
  },
  {
    name: 'Gates',
    country: 'US',
    premium: 1.0,
    categories: ['belt', 'cooling'],
    patterns: { belt: ['K0#####XS', 'K0#####', '#PK####', 'T#####', 'KP#####XS-1'], cooling: ['TH#####G1', 'WP0###'], default: ['K0#####'] },
  },
  {
    name: 'Sachs',
    country: 'DE',
    premium: 1.05,
    categories: ['suspension', 'clutch'],
    patterns: { suspension: ['### ###', '31# ###', '55# ###'], clutch: ['3000 9## ###', '2290 6## ###', '3000 ### ###'], default: ['### ###'] },
  },
  {
    name: 'Lemförder',
    country: 'DE',
    premium: 1.1,
    categories: ['steering', 'suspension', 'mount'],
    patterns: { default: ['##### 0#', '3#### 0#', '2#### 0#'] },
  },
  {
    name: 'Febi Bilstein',
    country: 'DE',
    premium: 0.9,
    categories: ['steering', 'suspension', 'belt', 'cooling', 'sensor', 'mount', 'gasket', 'bearing', 'filter'],
    patterns: { default: ['#####', '1#####', '#####'] },
  },
  {
    name: 'Hella',
    country: 'DE',
    premium: 1.05,
    categories: ['lighting', 'sensor', 'electrical', 'cooling'],
    patterns: { default: ['1@@ ### ###-0##', '8GJ 002 ###-###', '6PU ### ###-###', '8MK 376 ###-###', '6NW 009 ###-###'] },
  },
  {
    name: 'Continental',
    country: 'DE',
    premium: 1.0,
    categories: ['belt', 'sensor'],
    patterns: { belt: ['CT####K#', '#PK####', 'CT####WP#'], sensor: ['A2C#######', '5WK9####'], default: ['CT####K#'] },
  },
  {
    name: 'KYB',
    country: 'JP',
    premium: 0.95,
    categories: ['suspension'],
    patterns: { default: ['33####', '34####', '35####', 'SM####', 'RA####'] },
  },
  {
    name: 'Monroe',
    country: 'BE',
    premium: 0.95,
    categories: ['suspension'],
    patterns: { default: ['G####', 'E####', '7####', 'MK###', 'SP####'] },
  },
  {
    name: 'Aisin',
    country: 'JP',
    premium: 1.0,
    categories: ['clutch', 'cooling', 'belt', 'brake'],
    patterns: { clutch: ['CKT-###', 'DT-###V', 'CT-###'], cooling: ['WPT-###', 'WE-T##'], belt: ['TKT-###'], brake: ['BPZ-###', 'ASN-###'], default: ['WPT-###'] },
  },
  {
    name: 'NTN',
    country: 'JP',
    premium: 1.05,
    categories: ['bearing'],
    patterns: { default: ['R###.##', 'KD###.##', 'GR###.##', 'AU####-#LL/L588', 'HUB###-##'] },
  },
  {
    name: 'Delphi',
    country: 'GB',
    premium: 0.95,
    categories: ['brake', 'steering', 'sensor', 'fuel', 'ignition'],
    patterns: {
      brake: ['LP####', 'BG####', 'LS####'],
      steering: ['TA####', 'TC####'],
      sensor: ['SS#####', 'ES#####'],
      fuel: ['FE#####-12B1', 'HFP###'],
      ignition: ['GN#####-12B1', 'CE#####-12B1'],
      default: ['LP####'],
    },
  },
  {
    name: 'Febest',
    country: 'DE',
    premium: 0.75,
    categories: ['steering', 'suspension', 'mount', 'bearing', 'gasket'],
    patterns: { default: ['01##-@@@##', '02##-@##', '##23-@@@##@', '12##-@@##', '04##-###'] },
  },
  {
    name: 'Meyle',
    country: 'DE',
    premium: 0.85,
    categories: ['steering', 'suspension', 'brake', 'mount', 'cooling'],
    patterns: { default: ['### ### ####', '##-## ### ####', '### ### ####/HD'] },
  },
  {
    name: 'Corteco',
    country: 'DE',
    premium: 0.9,
    categories: ['gasket', 'mount'],
    patterns: { default: ['########', '#######B', '19######'] },
  },
  {
    name: 'Champion',
    country: 'US',
    premium: 0.85,
    categories: ['ignition', 'wiper', 'filter'],
    patterns: { ignition: ['RC##YC', 'OE###/T10', 'RN#YCC', 'OE###'], wiper: ['AP##U/C02', 'ER##/B01'], filter: ['COF###', 'CAF###'], default: ['RC##YC'] },
  },
  {
    name: 'ACDelco',
    country: 'US',
    premium: 0.9,
    categories: ['ignition', 'filter', 'electrical', 'brake', 'sensor'],
    patterns: { ignition: ['41-###', 'D###A'], filter: ['PF##', 'PF###G', 'A####C', 'CF###'], brake: ['17D####CH', '18A###'], default: ['1#######', '2#######'] },
  },
  {
    name: 'Motorcraft',
    country: 'US',
    premium: 0.9,
    categories: ['filter', 'ignition', 'brake', 'electrical'],
    patterns: { filter: ['FL-###S', 'FA-####', 'FP-##'], ignition: ['SP-###', 'DG-###'], brake: ['BRF-####', 'BRR-###'], default: ['FL-###S'] },
  },
  {
    name: 'Bilstein',
    country: 'DE',
    premium: 1.35,
    categories: ['suspension'],
    patterns: { default: ['22-######', '24-######', '19-######', 'B4 22-######'] },
  },
  {
    name: 'Textar',
    country: 'DE',
    premium: 1.1,
    categories: ['brake'],
    patterns: { default: ['2#####1', '92######03', '91######00'] },
  },
  {
    name: 'ATE',
    country: 'DE',
    premium: 1.1,
    categories: ['brake'],
    patterns: { default: ['13.0460-####.2', '24.0###-####.1', '24.01##-####.2', '03.9901-####.2'] },
  },
  {
    name: 'Ferodo',
    country: 'GB',
    premium: 1.0,
    categories: ['brake'],
    patterns: { default: ['FDB####', 'FCV####', 'DDF####', 'FSB###'] },
  },
  {
    name: 'LuK',
    country: 'DE',
    premium: 1.15,
    categories: ['clutch'],
    patterns: { default: ['6## #### 0#', '415 0### 10', '5## 0### 00'] },
  },
  {
    name: 'INA',
    country: 'DE',
    premium: 1.1,
    categories: ['belt'],
    patterns: { default: ['530 0### 10', '534 0### 10', '532 0### 10', '531 0### 10'] },
  },
  {
    name: 'FAG',
    country: 'DE',
    premium: 1.1,
    categories: ['bearing'],
    patterns: { default: ['713 6## ###', '805###', '713 610 ###'] },
  },
  {
    name: 'Elring',
    country: 'DE',
    premium: 1.0,
    categories: ['gasket'],
    patterns: { default: ['###.###', '#.###.###', '###.##0'] },
  },
  {
    name: 'Victor Reinz',
    country: 'DE',
    premium: 0.95,
    categories: ['gasket'],
    patterns: { default: ['71-#####-##', '61-#####-##', '02-#####-##', '81-#####-##'] },
  },
  {
    name: 'Nissens',
    country: 'DK',
    premium: 1.0,
    categories: ['cooling'],
    patterns: { default: ['6####', '8####', '9####'] },
  },
  {
    name: 'Dayco',
    country: 'IT',
    premium: 0.95,
    categories: ['belt'],
    patterns: { default: ['KTB###', '#PK####', 'ATB####', 'APV####'] },
  },
  {
    name: 'Hengst',
    country: 'DE',
    premium: 0.95,
    categories: ['filter'],
    patterns: { default: ['H##W##', 'E###L', 'E####H D###', 'E###KP'] },
  },
  {
    name: 'Osram',
    country: 'DE',
    premium: 1.0,
    categories: ['lighting'],
    onlyTypes: ['headlight_bulb'],
    patterns: { default: ['64###', '64###NBS', '66###XNB', '9###'] },
  },
  {
    name: 'Moog',
    country: 'US',
    premium: 1.0,
    categories: ['steering', 'suspension'],
    patterns: { default: ['@@-TC-#####', '@@-BJ-#####', '@@-LS-#####', 'K######'] },
  },
  {
    name: 'Exedy',
    country: 'JP',
    premium: 0.95,
    categories: ['clutch'],
    patterns: { default: ['@@K-###', '@@D###U', '@@C###'] },
  },
  {
    name: 'Varta',
    country: 'DE',
    premium: 1.05,
    categories: ['electrical'],
    onlyTypes: ['battery'],
    patterns: { default: ['5## ### ###', '5## 4## 0##'] },
  },
];

/** [zh, en, es] */
export type Names = readonly [string, string, string];

export interface PartTypeSpec {
  code: string;
  names: Names;
  category: Category;
  /** Base list price range in CNY yuan. */
  price: readonly [number, number];
  /** Weight range in grams. */
  grams: readonly [number, number];
  unit: 'PCS' | 'SET' | 'KIT' | 'PR' | 'BTL';
  /** Position or variant phrases joined with the type's name. */
  variants?: readonly Names[];
  /** Technical parameters: name and value range (or choices) with unit. */
  params: ReadonlyArray<readonly [string, readonly (string | number)[], string?]>;
  /** How many vehicles a part of this type fits, on average: universal parts fit fewer listed cars. */
  fitWeight: number;
  /** Relative share of the catalogue. */
  share: number;
  /** Brands that make this type, when the category's brands are too broad. */
  brands?: readonly string[];
}

const FRONT: Names = ['前', 'front axle', 'eje delantero'];
const REAR: Names = ['后', 'rear axle', 'eje trasero'];
const LEFT: Names = ['左', 'left', 'izquierdo'];
const RIGHT: Names = ['右', 'right', 'derecho'];
const FRONT_LEFT: Names = ['左前', 'front left', 'delantero izquierdo'];
const FRONT_RIGHT: Names = ['右前', 'front right', 'delantero derecho'];
const REAR_LEFT: Names = ['左后', 'rear left', 'trasero izquierdo'];
const REAR_RIGHT: Names = ['右后', 'rear right', 'trasero derecho'];

export const PART_TYPES: readonly PartTypeSpec[] = [
  { code: 'brake_pad', names: ['刹车片', 'Brake pad set', 'Juego de pastillas de freno'], category: 'brake', price: [90, 520], grams: [900, 2600], unit: 'SET', variants: [FRONT, REAR, ['前(带报警线)', 'front axle, with wear indicator', 'eje delantero, con testigo de desgaste']], params: [['Width [mm]', [100, 170], 'mm'], ['Height [mm]', [45, 75], 'mm'], ['Thickness [mm]', [15, 20], 'mm'], ['Wear indicator', ['prepared', 'with sensor', 'acoustic', 'none']]], fitWeight: 1, share: 9 },
  { code: 'brake_disc', names: ['刹车盘', 'Brake disc', 'Disco de freno'], category: 'brake', price: [160, 900], grams: [4500, 11000], unit: 'PCS', variants: [['前(通风)', 'front axle, vented', 'eje delantero, ventilado'], ['后(实心)', 'rear axle, solid', 'eje trasero, macizo'], FRONT], params: [['Diameter [mm]', [256, 345], 'mm'], ['Thickness [mm]', [10, 30], 'mm'], ['Number of holes', [4, 5]], ['Brake disc type', ['vented', 'solid', 'vented, drilled']]], fitWeight: 1, share: 6 },
  { code: 'brake_shoe', names: ['刹车蹄', 'Brake shoe set', 'Juego de zapatas de freno'], category: 'brake', price: [110, 380], grams: [1200, 2600], unit: 'SET', variants: [REAR, ['后(驻车)', 'rear axle, parking brake', 'eje trasero, freno de estacionamiento']], params: [['Diameter [mm]', [180, 295], 'mm'], ['Width [mm]', [30, 60], 'mm']], fitWeight: 1, share: 2 },
  { code: 'brake_caliper', names: ['刹车卡钳', 'Brake caliper', 'Pinza de freno'], category: 'brake', price: [380, 1800], grams: [2500, 6000], unit: 'PCS', variants: [FRONT_LEFT, FRONT_RIGHT, REAR_LEFT, REAR_RIGHT], params: [['Piston diameter [mm]', [38, 60], 'mm'], ['Brake system', ['ATE', 'Bosch', 'Akebono', 'TRW', 'Sumitomo']]], fitWeight: 1, share: 2 },
  { code: 'brake_hose', names: ['刹车软管', 'Brake hose', 'Latiguillo de freno'], category: 'brake', price: [35, 160], grams: [120, 350], unit: 'PCS', variants: [FRONT, REAR, FRONT_LEFT, FRONT_RIGHT], params: [['Length [mm]', [220, 520], 'mm'], ['Thread', ['M10x1', 'F10x1', 'M10x1.25']]], fitWeight: 1, share: 2 },
  { code: 'brake_fluid', names: ['刹车油', 'Brake fluid', 'Líquido de frenos'], category: 'brake', price: [35, 120], grams: [550, 1100], unit: 'BTL', variants: [['DOT 4 (0.5L)', 'DOT 4, 0.5 l', 'DOT 4, 0,5 l'], ['DOT 4 (1L)', 'DOT 4, 1 l', 'DOT 4, 1 l'], ['DOT 5.1 (1L)', 'DOT 5.1, 1 l', 'DOT 5.1, 1 l']], params: [['Specification', ['DOT 4', 'DOT 4 LV', 'DOT 5.1']], ['Boiling point [°C]', [230, 270], '°C']], fitWeight: 0.2, share: 0.5 },
  { code: 'oil_filter', names: ['机油滤清器', 'Oil filter', 'Filtro de aceite'], category: 'filter', price: [25, 140], grams: [150, 600], unit: 'PCS', variants: [['(旋装式)', 'spin-on', 'roscado'], ['(滤芯)', 'filter insert', 'cartucho']], params: [['Height [mm]', [60, 160], 'mm'], ['Outer diameter [mm]', [60, 110], 'mm'], ['Thread', ['3/4-16 UNF', 'M20x1.5', 'M22x1.5', '—']]], fitWeight: 1.2, share: 6 },
  { code: 'air_filter', names: ['空气滤清器', 'Air filter', 'Filtro de aire'], category: 'filter', price: [30, 220], grams: [200, 900], unit: 'PCS', params: [['Length [mm]', [180, 380], 'mm'], ['Width [mm]', [120, 260], 'mm'], ['Height [mm]', [40, 80], 'mm']], fitWeight: 1.2, share: 5 },
  { code: 'cabin_filter', names: ['空调滤清器', 'Cabin air filter', 'Filtro de habitáculo'], category: 'filter', price: [25, 180], grams: [100, 400], unit: 'PCS', variants: [['(活性炭)', 'activated carbon', 'carbón activo'], ['(普通)', 'particle filter', 'antipolen']], params: [['Length [mm]', [180, 300], 'mm'], ['Width [mm]', [150, 260], 'mm'], ['Filter type', ['activated carbon', 'pollen', 'anti-allergen']]], fitWeight: 1.2, share: 4 },
  { code: 'fuel_filter', names: ['燃油滤清器', 'Fuel filter', 'Filtro de combustible'], category: 'filter', price: [40, 320], grams: [200, 900], unit: 'PCS', variants: [['(汽油)', 'petrol', 'gasolina'], ['(柴油)', 'diesel', 'diésel']], params: [['Height [mm]', [90, 200], 'mm'], ['Connection [mm]', [8, 10], 'mm']], fitWeight: 1, share: 3 },
  { code: 'spark_plug', names: ['火花塞', 'Spark plug', 'Bujía de encendido'], category: 'ignition', price: [18, 160], grams: [45, 80], unit: 'PCS', variants: [['(铱金)', 'iridium', 'iridio'], ['(铂金)', 'platinum', 'platino'], ['(镍合金)', 'nickel', 'níquel']], params: [['Thread [mm]', ['M12x1.25', 'M14x1.25'], ''], ['Spanner size [mm]', [14, 16], 'mm'], ['Electrode gap [mm]', ['0.7', '0.8', '1.0', '1.1'], 'mm']], fitWeight: 0.8, share: 5 },
  { code: 'ignition_coil', names: ['点火线圈', 'Ignition coil', 'Bobina de encendido'], category: 'ignition', price: [160, 720], grams: [250, 600], unit: 'PCS', params: [['Number of connectors', [2, 4]], ['Voltage [V]', [12]]], fitWeight: 1, share: 3 },
  { code: 'glow_plug', names: ['预热塞', 'Glow plug', 'Bujía de precalentamiento'], category: 'ignition', price: [60, 260], grams: [40, 90], unit: 'PCS', params: [['Thread', ['M8x1', 'M10x1', 'M10x1.25']], ['Voltage [V]', ['4.4', '5', '11', '12']]], fitWeight: 1, share: 1.5 },
  { code: 'shock_absorber', names: ['减震器', 'Shock absorber', 'Amortiguador'], category: 'suspension', price: [260, 1500], grams: [2200, 5200], unit: 'PCS', variants: [FRONT_LEFT, FRONT_RIGHT, REAR, FRONT], params: [['Shock absorber type', ['twin-tube gas', 'mono-tube gas', 'oil pressure']], ['Length min [mm]', [320, 420], 'mm'], ['Length max [mm]', [480, 620], 'mm']], fitWeight: 1, share: 5 },
  { code: 'coil_spring', names: ['悬挂弹簧', 'Coil spring', 'Muelle de suspensión'], category: 'suspension', price: [180, 620], grams: [1800, 3800], unit: 'PCS', variants: [FRONT, REAR], params: [['Length [mm]', [280, 420], 'mm'], ['Wire diameter [mm]', [11, 15], 'mm']], fitWeight: 1, share: 2 },
  { code: 'control_arm', names: ['下摆臂', 'Control arm', 'Brazo de suspensión'], category: 'suspension', price: [220, 980], grams: [1800, 4800], unit: 'PCS', variants: [FRONT_LEFT, FRONT_RIGHT, ['后(上)', 'rear axle, upper', 'eje trasero, superior']], params: [['Control arm design', ['wishbone', 'trailing arm', 'track control arm']], ['Material', ['steel', 'aluminium', 'sheet steel']]], fitWeight: 1, share: 4 },
  { code: 'ball_joint', names: ['下摆臂球头', 'Ball joint', 'Rótula de suspensión'], category: 'steering', price: [60, 260], grams: [350, 900], unit: 'PCS', variants: [FRONT_LEFT, FRONT_RIGHT, FRONT], params: [['Cone size [mm]', [16, 22], 'mm'], ['Thread', ['M12x1.25', 'M14x1.5']]], fitWeight: 1, share: 2 },
  { code: 'tie_rod_end', names: ['横拉杆外球头', 'Tie rod end', 'Rótula de dirección'], category: 'steering', price: [60, 280], grams: [300, 700], unit: 'PCS', variants: [LEFT, RIGHT], params: [['Thread', ['M14x1.5', 'M12x1.5', 'M16x1.5']], ['Length [mm]', [110, 180], 'mm']], fitWeight: 1, share: 3 },
  { code: 'stabilizer_link', names: ['平衡杆连杆', 'Stabiliser link', 'Bieleta de barra estabilizadora'], category: 'steering', price: [45, 220], grams: [250, 700], unit: 'PCS', variants: [FRONT, REAR, FRONT_LEFT, FRONT_RIGHT], params: [['Length [mm]', [90, 330], 'mm'], ['Thread', ['M10x1.25', 'M12x1.5']]], fitWeight: 1, share: 3 },
  { code: 'strut_mount', names: ['减震器顶胶', 'Top strut mount', 'Copela de amortiguador'], category: 'mount', price: [80, 380], grams: [500, 1400], unit: 'PCS', variants: [FRONT, REAR, ['前(带轴承)', 'front axle, with bearing', 'eje delantero, con rodamiento']], params: [['Fitting position', ['front axle', 'rear axle']], ['With bearing', ['yes', 'no']]], fitWeight: 1, share: 2 },
  { code: 'wheel_bearing', names: ['轮毂轴承修理包', 'Wheel bearing kit', 'Kit de rodamiento de rueda'], category: 'bearing', price: [120, 620], grams: [600, 2200], unit: 'KIT', variants: [FRONT, REAR], params: [['Inner diameter [mm]', [35, 49], 'mm'], ['Outer diameter [mm]', [64, 90], 'mm'], ['Width [mm]', [34, 48], 'mm'], ['With ABS sensor ring', ['yes', 'no']]], fitWeight: 1, share: 3 },
  { code: 'wheel_hub', names: ['轮毂单元', 'Wheel hub unit', 'Buje de rueda'], category: 'bearing', price: [260, 1200], grams: [2200, 4800], unit: 'PCS', variants: [FRONT, REAR], params: [['Number of holes', [4, 5]], ['Pitch circle [mm]', ['100', '108', '112', '114.3', '120']]], fitWeight: 1, share: 2 },
  { code: 'cv_joint', names: ['传动轴外球笼', 'CV joint kit', 'Kit de junta homocinética'], category: 'bearing', price: [180, 780], grams: [1500, 3500], unit: 'KIT', variants: [['(轮侧)', 'wheel side', 'lado rueda'], ['(变速箱侧)', 'transmission side', 'lado caja de cambios']], params: [['Outer teeth', [22, 36]], ['Inner teeth', [22, 36]]], fitWeight: 1, share: 2 },
  { code: 'water_pump', names: ['水泵', 'Water pump', 'Bomba de agua'], category: 'cooling', price: [180, 980], grams: [900, 2800], unit: 'PCS', variants: [['(带垫片)', 'with gasket', 'con junta'], ['(电子)', 'electric', 'eléctrica']], params: [['Number of blades', [6, 8, 10]], ['Impeller material', ['plastic', 'metal']]], fitWeight: 1, share: 3 },
  { code: 'thermostat', names: ['节温器', 'Thermostat', 'Termostato'], category: 'cooling', price: [60, 420], grams: [150, 600], unit: 'PCS', params: [['Opening temperature [°C]', [82, 105], '°C'], ['With gasket', ['yes', 'no']]], fitWeight: 1, share: 2 },
  { code: 'radiator', names: ['水箱散热器', 'Radiator', 'Radiador'], category: 'cooling', price: [420, 1900], grams: [4000, 9000], unit: 'PCS', variants: [['(手动挡)', 'manual transmission', 'cambio manual'], ['(自动挡)', 'automatic transmission', 'cambio automático']], params: [['Core dimensions [mm]', ['650x400x16', '680x415x26', '720x470x26', '630x378x16']], ['Material', ['aluminium', 'aluminium/plastic']]], fitWeight: 1, share: 2 },
  { code: 'timing_belt_kit', names: ['正时皮带套件', 'Timing belt kit', 'Kit de distribución'], category: 'belt', price: [320, 1500], grams: [800, 2000], unit: 'KIT', variants: [['(带水泵)', 'with water pump', 'con bomba de agua'], ['(不带水泵)', 'without water pump', 'sin bomba de agua']], params: [['Number of teeth', [110, 160]], ['Width [mm]', [20, 30], 'mm']], fitWeight: 1, share: 3 },
  { code: 'timing_chain_kit', names: ['正时链条套件', 'Timing chain kit', 'Kit de cadena de distribución'], category: 'belt', price: [480, 2400], grams: [1200, 3200], unit: 'KIT', params: [['Chain type', ['simplex', 'duplex', 'silent chain']], ['Number of links', [120, 190]]], fitWeight: 1, share: 1.5 },
  { code: 'v_ribbed_belt', names: ['多楔带', 'V-ribbed belt', 'Correa poli-V'], category: 'belt', price: [40, 220], grams: [100, 400], unit: 'PCS', params: [['Number of ribs', [4, 5, 6, 7, 8]], ['Length [mm]', [800, 2600], 'mm']], fitWeight: 1.2, share: 3 },
  { code: 'belt_tensioner', names: ['皮带张紧轮', 'Belt tensioner', 'Tensor de correa'], category: 'belt', price: [120, 560], grams: [400, 1400], unit: 'PCS', params: [['Pulley diameter [mm]', [60, 76], 'mm'], ['Pulley width [mm]', [24, 30], 'mm']], fitWeight: 1, share: 2 },
  { code: 'idler_pulley', names: ['惰轮', 'Idler pulley', 'Polea loca'], category: 'belt', price: [60, 280], grams: [250, 700], unit: 'PCS', params: [['Pulley diameter [mm]', [60, 76], 'mm'], ['Material', ['steel', 'plastic']]], fitWeight: 1, share: 1.5 },
  { code: 'clutch_kit', names: ['离合器三件套', 'Clutch kit', 'Kit de embrague'], category: 'clutch', price: [650, 2800], grams: [5000, 11000], unit: 'KIT', variants: [['(带分离轴承)', 'with release bearing', 'con cojinete de desembrague'], ['(带液压分离轴承)', 'with concentric slave cylinder', 'con bombín concéntrico']], params: [['Diameter [mm]', [200, 240], 'mm'], ['Number of teeth', [20, 28]]], fitWeight: 1, share: 2 },
  { code: 'flywheel', names: ['双质量飞轮', 'Dual-mass flywheel', 'Volante bimasa'], category: 'clutch', price: [1800, 5200], grams: [9000, 14000], unit: 'PCS', params: [['Number of teeth', [130, 150]], ['Bolt holes', [6, 8]]], fitWeight: 1, share: 0.8 },
  { code: 'oxygen_sensor', names: ['氧传感器', 'Lambda sensor', 'Sonda lambda'], category: 'sensor', price: [180, 980], grams: [100, 250], unit: 'PCS', variants: [['(前)', 'upstream', 'antes del catalizador'], ['(后)', 'downstream', 'después del catalizador']], params: [['Number of wires', [4, 5]], ['Cable length [mm]', [300, 1000], 'mm']], fitWeight: 1, share: 3 },
  { code: 'abs_sensor', names: ['ABS轮速传感器', 'ABS wheel speed sensor', 'Sensor ABS de velocidad de rueda'], category: 'sensor', price: [90, 420], grams: [60, 250], unit: 'PCS', variants: [FRONT_LEFT, FRONT_RIGHT, REAR_LEFT, REAR_RIGHT], params: [['Sensor type', ['inductive', 'Hall sensor', 'active']], ['Cable length [mm]', [250, 1100], 'mm']], fitWeight: 1, share: 3 },
  { code: 'crankshaft_sensor', names: ['曲轴位置传感器', 'Crankshaft position sensor', 'Sensor de posición del cigüeñal'], category: 'sensor', price: [90, 380], grams: [50, 200], unit: 'PCS', params: [['Number of pins', [2, 3]], ['Sensor type', ['inductive', 'Hall sensor']]], fitWeight: 1, share: 2 },
  { code: 'alternator', names: ['发电机', 'Alternator', 'Alternador'], category: 'electrical', price: [900, 3200], grams: [4500, 7500], unit: 'PCS', params: [['Charging current [A]', [90, 110, 120, 140, 150, 180]], ['Voltage [V]', [14]], ['Pulley type', ['freewheel', 'fixed']]], fitWeight: 1, share: 2 },
  { code: 'starter', names: ['起动机', 'Starter motor', 'Motor de arranque'], category: 'electrical', price: [700, 2600], grams: [3000, 6500], unit: 'PCS', params: [['Power [kW]', ['1.1', '1.4', '1.7', '2.0', '2.2']], ['Number of teeth', [9, 10, 11]]], fitWeight: 1, share: 2 },
  { code: 'battery', names: ['蓄电池', 'Starter battery', 'Batería de arranque'], category: 'electrical', price: [420, 1800], grams: [12000, 24000], unit: 'PCS', variants: [['(AGM)', 'AGM', 'AGM'], ['(EFB)', 'EFB', 'EFB'], ['(免维护)', 'maintenance-free', 'sin mantenimiento']], params: [['Capacity [Ah]', [45, 60, 70, 74, 80, 95]], ['Cold cranking current [A]', [400, 540, 680, 800]]], fitWeight: 0.3, share: 1, brands: ['Bosch', 'Varta', 'ACDelco', 'Motorcraft'] },
  { code: 'wiper_blade', names: ['雨刮片', 'Wiper blade', 'Escobilla limpiaparabrisas'], category: 'wiper', price: [30, 220], grams: [150, 400], unit: 'PR', variants: [['(前,一对)', 'front, pair', 'delantera, par'], ['(后)', 'rear', 'trasera'], ['(无骨)', 'flat blade', 'plana']], params: [['Length [mm]', [300, 700], 'mm'], ['Connection', ['hook', 'top lock', 'push button', 'side pin']]], fitWeight: 0.8, share: 3 },
  { code: 'headlamp', names: ['前大灯总成', 'Headlamp', 'Faro delantero'], category: 'lighting', price: [800, 6500], grams: [3000, 7000], unit: 'PCS', variants: [LEFT, RIGHT], params: [['Lamp type', ['H7/H7', 'H4', 'D3S xenon', 'LED']], ['With motor for headlamp levelling', ['yes', 'no']]], fitWeight: 1, share: 2 },
  { code: 'headlight_bulb', names: ['大灯灯泡', 'Headlight bulb', 'Lámpara de faro'], category: 'lighting', price: [20, 260], grams: [20, 60], unit: 'PCS', variants: [['H7', 'H7', 'H7'], ['H4', 'H4', 'H4'], ['H11', 'H11', 'H11'], ['D1S', 'D1S xenon', 'D1S xenón']], params: [['Voltage [V]', [12]], ['Rated power [W]', [35, 55, 60]]], fitWeight: 0.4, share: 1.5, brands: ['Osram', 'Hella', 'Bosch'] },
  { code: 'valve_cover_gasket', names: ['气门室盖垫', 'Valve cover gasket', 'Junta de tapa de balancines'], category: 'gasket', price: [40, 260], grams: [150, 500], unit: 'PCS', params: [['Material', ['rubber', 'silicone', 'ACM']]], fitWeight: 1, share: 2 },
  { code: 'head_gasket', names: ['气缸垫', 'Cylinder head gasket', 'Junta de culata'], category: 'gasket', price: [120, 680], grams: [300, 900], unit: 'PCS', params: [['Thickness [mm]', ['1.20', '1.30', '1.45', '1.55']], ['Material', ['multi-layer steel (MLS)', 'composite']]], fitWeight: 1, share: 1.5 },
  { code: 'oil_seal', names: ['曲轴油封', 'Crankshaft oil seal', 'Retén de cigüeñal'], category: 'gasket', price: [20, 180], grams: [20, 150], unit: 'PCS', variants: [['(前)', 'front', 'delantero'], ['(后)', 'rear', 'trasero']], params: [['Inner diameter [mm]', [30, 95], 'mm'], ['Outer diameter [mm]', [42, 115], 'mm'], ['Material', ['FKM', 'PTFE', 'ACM']]], fitWeight: 1, share: 2 },
  { code: 'engine_mount', names: ['发动机脚胶', 'Engine mount', 'Soporte de motor'], category: 'mount', price: [120, 780], grams: [700, 2600], unit: 'PCS', variants: [LEFT, RIGHT, ['(后)', 'rear', 'trasero']], params: [['Mount type', ['rubber-metal', 'hydro mount']]], fitWeight: 1, share: 2 },
  { code: 'fuel_pump', names: ['燃油泵', 'Fuel pump', 'Bomba de combustible'], category: 'fuel', price: [260, 1600], grams: [500, 1800], unit: 'PCS', variants: [['(电子,带支架)', 'electric, with sender unit', 'eléctrica, con aforador'], ['(泵芯)', 'electric, pump only', 'eléctrica, solo bomba']], params: [['Pressure [bar]', ['3.0', '3.5', '4.0', '5.0']], ['Flow rate [l/h]', [90, 160]]], fitWeight: 1, share: 1.5 },
  { code: 'ac_compressor', names: ['空调压缩机', 'A/C compressor', 'Compresor de aire acondicionado'], category: 'cooling', price: [1500, 4800], grams: [5000, 8000], unit: 'PCS', params: [['Refrigerant', ['R134a', 'R1234yf']], ['Pulley diameter [mm]', [105, 125], 'mm'], ['Number of grooves', [4, 5, 6, 7]]], fitWeight: 1, share: 1 },
];

/** OE number styles per vehicle maker (the group whose numbers the make uses). */
export const OE_FORMATS: Readonly<Record<string, { brand: string; patterns: readonly string[] }>> = {
  Toyota: { brand: 'Toyota', patterns: ['04465-#####', '90915-Y@@##', '43512-##%##', '16100-#####', '48510-#%###', '04152-Y@###', '87139-#####'] },
  Lexus: { brand: 'Toyota', patterns: ['04465-#####', '90919-#####', '48510-#%###'] },
  Volkswagen: { brand: 'VW', patterns: ['1K0 698 151 @', '#@0 615 301 @', '06@ 115 561 @', '5Q0 407 366 @', '1K0 129 620 @', '#@# ### ### @'] },
  Audi: { brand: 'Audi', patterns: ['8K0 698 151 @', '4G0 615 301 @', '06H 115 561', '8W0 ### ### @'] },
  Skoda: { brand: 'VW', patterns: ['5E0 698 151 @', '5Q0 615 301 @', '04E 115 561 @'] },
  BMW: { brand: 'BMW', patterns: ['34 11 6 ### ###', '34 21 6 ### ###', '11 42 7 ### ###', '13 71 7 ### ###', '31 12 6 ### ###'] },
  'Mercedes-Benz': { brand: 'Mercedes-Benz', patterns: ['A 000 420 ## ##', 'A 0## 4## ## ##', 'A 2## ### ## ##', 'A 6## 180 ## ##'] },
  Ford: { brand: 'Ford', patterns: ['1######', '2######', '@V##-####-@@'] },
  Honda: { brand: 'Honda', patterns: ['45022-@##-@##', '15400-RTA-##3', '17220-@##-@##', '51350-@##-@##'] },
  Nissan: { brand: 'Nissan', patterns: ['D1060-#@@#@', '15208-##F#@', '40206-#@@#@', 'A6080-#@@#@'] },
  Hyundai: { brand: 'Hyundai/Kia', patterns: ['58101-#@@##', '26300-#####', '28113-#@###', '54830-#@###'] },
  Kia: { brand: 'Hyundai/Kia', patterns: ['58101-#@@##', '26300-#####', '28113-#@###'] },
  Mitsubishi: { brand: 'Mitsubishi', patterns: ['MD-###', 'MR######', 'MZ######', '4605A###', '1500A###'] },
  Mazda: { brand: 'Mazda', patterns: ['@@#@-33-28Z', '@@##-14-302', 'PE01-13-Z40', '@@#@-34-##0'] },
  Chevrolet: { brand: 'GM', patterns: ['1#######', '2#######', '9#######'] },
  BYD: { brand: 'BYD', patterns: ['F3-35010##', 'BYD###-####01', 'LK-####0##'] },
  Geely: { brand: 'Geely', patterns: ['10#######', '106######0', '1014#####'] },
  Haval: { brand: 'Great Wall', patterns: ['3501###XKZ16A', '1109###XEG01', '1012###XEG##'] },
  Peugeot: { brand: 'PSA', patterns: ['4254.@#', '1609 ### ##', '16 ### ### 80'] },
  Renault: { brand: 'Renault', patterns: ['77 01 ### ###', '41 06 0## ##R', '82 00 ### ###'] },
  Subaru: { brand: 'Subaru', patterns: ['26296@@###', '15208AA###', '16546AA###'] },
  Jeep: { brand: 'Mopar', patterns: ['68######AA', '5#######AB', '4#######AC'] },
  Volvo: { brand: 'Volvo', patterns: ['31######', '30######', '86#####'] },
};

/** Vehicle list: make, model, body, years, engines "name|kW|cc|code|fuel|transmissions|drive". */
export const VEHICLE_MODELS: ReadonlyArray<readonly [string, string, string, string, readonly string[]]> = [
  ['Toyota', 'Corolla (E170)', 'Sedan', '2013-2019', ['1.6 Dual VVT-i|97|1598|1ZR-FAE|Petrol|MT,CVT|FWD', '1.8 Dual VVT-i|103|1798|2ZR-FE|Petrol|CVT|FWD', '1.4 D-4D|66|1364|1ND-TV|Diesel|MT|FWD']],
  ['Toyota', 'Camry (XV50)', 'Sedan', '2011-2017', ['2.0 VVT-i|109|1998|1AZ-FE|Petrol|AT|FWD', '2.5 Dual VVT-i|133|2494|2AR-FE|Petrol|AT|FWD', '3.5 V6|204|3456|2GR-FE|Petrol|AT|FWD']],
  ['Toyota', 'RAV4 (XA40)', 'SUV', '2012-2018', ['2.0 VVT-i|111|1987|3ZR-FAE|Petrol|MT,CVT|FWD,AWD', '2.5 VVT-i|132|2494|2AR-FE|Petrol|AT|AWD', '2.2 D-4D|110|2231|2AD-FTV|Diesel|MT|AWD']],
  ['Toyota', 'Hilux (AN120)', 'Pickup', '2015-2023', ['2.4 D-4D|110|2393|2GD-FTV|Diesel|MT,AT|RWD,4WD', '2.8 D-4D|130|2755|1GD-FTV|Diesel|AT|4WD', '2.7 VVT-i|122|2694|2TR-FE|Petrol|MT|RWD']],
  ['Toyota', 'Yaris (XP130)', 'Hatchback', '2011-2020', ['1.0 VVT-i|51|998|1KR-FE|Petrol|MT|FWD', '1.33 Dual VVT-i|73|1329|1NR-FE|Petrol|MT,CVT|FWD', '1.5 Hybrid|54|1497|1NZ-FXE|Hybrid|CVT|FWD']],
  ['Toyota', 'Land Cruiser Prado (J150)', 'SUV', '2009-2023', ['2.7 VVT-i|120|2694|2TR-FE|Petrol|AT|4WD', '2.8 D-4D|130|2755|1GD-FTV|Diesel|AT|4WD', '4.0 V6|202|3956|1GR-FE|Petrol|AT|4WD']],
  ['Lexus', 'RX (AL10)', 'SUV', '2008-2015', ['350|204|3456|2GR-FE|Petrol|AT|AWD', '450h|183|3456|2GR-FXE|Hybrid|CVT|AWD']],
  ['Volkswagen', 'Golf VI (5K1)', 'Hatchback', '2008-2013', ['1.4 TSI|90|1390|CAXA|Petrol|MT,DSG|FWD', '1.6 TDI|77|1598|CAYC|Diesel|MT|FWD', '2.0 TDI|103|1968|CBAB|Diesel|MT,DSG|FWD', '2.0 GTI|155|1984|CCZB|Petrol|DSG|FWD']],
  ['Volkswagen', 'Golf VII (5G1)', 'Hatchback', '2012-2020', ['1.2 TSI|77|1197|CJZA|Petrol|MT|FWD', '1.4 TSI|110|1395|CZDA|Petrol|DSG|FWD', '2.0 TDI|110|1968|CRBC|Diesel|MT,DSG|FWD']],
  ['Volkswagen', 'Passat B7 (362)', 'Sedan', '2010-2014', ['1.8 TSI|118|1798|CDAA|Petrol|DSG|FWD', '2.0 TDI|103|1968|CFFB|Diesel|MT,DSG|FWD']],
  ['Volkswagen', 'Jetta VI (162)', 'Sedan', '2010-2018', ['1.4 TSI|90|1390|CAXA|Petrol|DSG|FWD', '1.6|77|1598|CLRA|Petrol|MT,AT|FWD', '2.0 TDI|103|1968|CJAA|Diesel|MT|FWD']],
  ['Volkswagen', 'Tiguan (5N)', 'SUV', '2007-2016', ['1.4 TSI|118|1390|CAVD|Petrol|MT|FWD', '2.0 TSI 4Motion|147|1984|CCTA|Petrol|AT|AWD', '2.0 TDI 4Motion|103|1968|CFFB|Diesel|MT,DSG|AWD']],
  ['Volkswagen', 'Lavida (Mk2)', 'Sedan', '2012-2018', ['1.6|81|1598|CPJ|Petrol|MT,AT|FWD', '1.4 TSI|96|1395|CSS|Petrol|DSG|FWD']],
  ['Audi', 'A4 B8 (8K2)', 'Sedan', '2008-2015', ['1.8 TFSI|118|1798|CDHB|Petrol|MT,CVT|FWD', '2.0 TFSI quattro|155|1984|CDNC|Petrol|DSG|AWD', '2.0 TDI|105|1968|CAGA|Diesel|MT|FWD']],
  ['Audi', 'A6 C7 (4G2)', 'Sedan', '2011-2018', ['2.0 TFSI|132|1984|CAEB|Petrol|CVT|FWD', '3.0 TDI quattro|180|2967|CDUC|Diesel|AT|AWD']],
  ['Skoda', 'Octavia III (5E3)', 'Sedan', '2012-2020', ['1.4 TSI|103|1395|CHPA|Petrol|MT,DSG|FWD', '1.6 TDI|81|1598|CLHA|Diesel|MT|FWD', '2.0 TDI|110|1968|CRMB|Diesel|DSG|FWD']],
  ['BMW', '3 Series (F30)', 'Sedan', '2011-2019', ['320i|135|1997|N20B20|Petrol|MT,AT|RWD', '328i|180|1997|N20B20|Petrol|AT|RWD', '320d|135|1995|N47D20|Diesel|MT,AT|RWD']],
  ['BMW', '5 Series (F10)', 'Sedan', '2009-2017', ['520i|135|1997|N20B20|Petrol|AT|RWD', '530d|190|2993|N57D30|Diesel|AT|RWD', '535i|225|2979|N55B30|Petrol|AT|RWD']],
  ['BMW', 'X5 (E70)', 'SUV', '2006-2013', ['xDrive30d|173|2993|M57D30|Diesel|AT|AWD', 'xDrive35i|225|2979|N55B30|Petrol|AT|AWD']],
  ['Mercedes-Benz', 'C-Class (W204)', 'Sedan', '2007-2014', ['C 200 CGI|135|1796|M 271.860|Petrol|MT,AT|RWD', 'C 220 CDI|125|2143|OM 651.911|Diesel|MT,AT|RWD', 'C 300|170|2996|M 272.947|Petrol|AT|RWD']],
  ['Mercedes-Benz', 'E-Class (W212)', 'Sedan', '2009-2016', ['E 200|135|1991|M 274.920|Petrol|AT|RWD', 'E 250 CDI|150|2143|OM 651.924|Diesel|AT|RWD', 'E 350|225|3498|M 276.952|Petrol|AT|RWD']],
  ['Mercedes-Benz', 'Sprinter (906)', 'Van', '2006-2018', ['313 CDI|95|2143|OM 651.955|Diesel|MT|RWD', '316 CDI|120|2143|OM 651.957|Diesel|MT,AT|RWD']],
  ['Ford', 'Focus III', 'Hatchback', '2011-2018', ['1.0 EcoBoost|92|999|M1DA|Petrol|MT|FWD', '1.6 Ti-VCT|92|1596|PNDA|Petrol|MT,DCT|FWD', '2.0 TDCi|120|1997|TXDA|Diesel|MT,DCT|FWD']],
  ['Ford', 'Fiesta VI', 'Hatchback', '2008-2017', ['1.25|60|1242|SNJB|Petrol|MT|FWD', '1.6 TDCi|70|1560|TZJA|Diesel|MT|FWD']],
  ['Ford', 'Ranger (TKE)', 'Pickup', '2011-2022', ['2.2 TDCi|110|2198|QJ2R|Diesel|MT,AT|RWD,4WD', '3.2 TDCi|147|3198|SA2W|Diesel|MT,AT|4WD']],
  ['Ford', 'F-150 XIII', 'Pickup', '2015-2020', ['2.7 EcoBoost V6|242|2694|2.7 EB|Petrol|AT|RWD,4WD', '3.5 EcoBoost V6|280|3496|3.5 EB|Petrol|AT|4WD', '5.0 V8|287|4951|Coyote|Petrol|AT|RWD,4WD']],
  ['Honda', 'Civic IX', 'Sedan', '2012-2016', ['1.8 i-VTEC|104|1798|R18Z1|Petrol|MT,AT|FWD', '1.6 i-DTEC|88|1597|N16A1|Diesel|MT|FWD']],
  ['Honda', 'Accord IX', 'Sedan', '2013-2017', ['2.4 i-VTEC|138|2356|K24W1|Petrol|CVT|FWD', '3.5 V6|206|3471|J35Y1|Petrol|AT|FWD']],
  ['Honda', 'CR-V IV', 'SUV', '2012-2018', ['2.0 i-VTEC|114|1997|R20A9|Petrol|MT,AT|FWD,AWD', '2.4 i-VTEC|136|2354|K24Z7|Petrol|AT|AWD', '1.6 i-DTEC|88|1597|N16A2|Diesel|MT|FWD']],
  ['Nissan', 'Sylphy (B17)', 'Sedan', '2012-2019', ['1.6|86|1598|HR16DE|Petrol|MT,CVT|FWD', '1.8|96|1798|MRA8DE|Petrol|CVT|FWD']],
  ['Nissan', 'X-Trail (T32)', 'SUV', '2013-2021', ['2.0|106|1997|MR20DD|Petrol|MT,CVT|FWD,AWD', '2.5|126|2488|QR25DE|Petrol|CVT|AWD', '1.6 dCi|96|1598|R9M|Diesel|MT|FWD']],
  ['Nissan', 'Navara (D23)', 'Pickup', '2014-2021', ['2.3 dCi|140|2298|YS23DDTT|Diesel|MT,AT|4WD', '2.5 dCi|140|2488|YD25DDTi|Diesel|MT|RWD,4WD']],
  ['Hyundai', 'Elantra (MD)', 'Sedan', '2010-2015', ['1.6|97|1591|G4FG|Petrol|MT,AT|FWD', '1.8|110|1797|G4NB|Petrol|AT|FWD']],
  ['Hyundai', 'Tucson (TL)', 'SUV', '2015-2020', ['1.6 T-GDI|130|1591|G4FJ|Petrol|DCT|FWD,AWD', '2.0|121|1999|G4NA|Petrol|AT|FWD', '2.0 CRDi|100|1995|D4HA|Diesel|MT,AT|AWD']],
  ['Hyundai', 'Sonata (LF)', 'Sedan', '2014-2019', ['2.0|115|1999|G4NA|Petrol|AT|FWD', '2.4 GDI|138|2359|G4KJ|Petrol|AT|FWD']],
  ['Kia', 'Sportage (QL)', 'SUV', '2015-2021', ['1.6 GDI|97|1591|G4FD|Petrol|MT|FWD', '2.0 CRDi|136|1995|D4HA|Diesel|AT|AWD']],
  ['Kia', 'Rio (UB)', 'Hatchback', '2011-2017', ['1.4 CVVT|80|1396|G4FA|Petrol|MT,AT|FWD', '1.2 CVVT|62|1248|G4LA|Petrol|MT|FWD']],
  ['Mitsubishi', 'Lancer (CY)', 'Sedan', '2007-2017', ['1.5|80|1499|4A91|Petrol|MT,CVT|FWD', '2.0|110|1998|4B11|Petrol|MT,CVT|FWD']],
  ['Mitsubishi', 'Outlander III', 'SUV', '2012-2021', ['2.0|110|1998|4B11|Petrol|CVT|FWD', '2.4 4WD|125|2360|4B12|Petrol|CVT|AWD', '2.2 DI-D|110|2268|4N14|Diesel|MT,AT|AWD']],
  ['Mitsubishi', 'L200 (KB4T)', 'Pickup', '2005-2015', ['2.5 DI-D|100|2477|4D56|Diesel|MT,AT|RWD,4WD', '3.2 DI-D|118|3200|4M41|Diesel|MT|4WD']],
  ['Mitsubishi', 'Pajero IV (V80)', 'SUV', '2006-2021', ['3.2 DI-D|147|3200|4M41|Diesel|AT|4WD', '3.8 V6|184|3828|6G75|Petrol|AT|4WD']],
  ['Mazda', 'Mazda3 (BM)', 'Hatchback', '2013-2019', ['1.5|74|1496|P5-VPS|Petrol|MT|FWD', '2.0|88|1998|PE-VPS|Petrol|MT,AT|FWD', '2.5|137|2488|PY-VPS|Petrol|AT|FWD']],
  ['Mazda', 'CX-5 (KE)', 'SUV', '2011-2017', ['2.0|118|1998|PE-VPS|Petrol|MT,AT|FWD,AWD', '2.2 D|110|2191|SH-VPTS|Diesel|MT,AT|AWD']],
  ['Chevrolet', 'Cruze (J300)', 'Sedan', '2009-2016', ['1.6|91|1598|F16D4|Petrol|MT,AT|FWD', '1.8|104|1796|F18D4|Petrol|AT|FWD', '1.4 Turbo|103|1364|A14NET|Petrol|MT,AT|FWD']],
  ['Chevrolet', 'Silverado 1500', 'Pickup', '2014-2018', ['4.3 V6|213|4300|LV3|Petrol|AT|RWD,4WD', '5.3 V8|265|5328|L83|Petrol|AT|4WD']],
  ['BYD', 'F3', 'Sedan', '2005-2016', ['1.5|80|1488|473QB|Petrol|MT|FWD']],
  ['Geely', 'Emgrand EC7', 'Sedan', '2009-2016', ['1.5|72|1498|JL4G15|Petrol|MT|FWD', '1.8|102|1792|JL4G18|Petrol|MT,CVT|FWD']],
  ['Haval', 'H6', 'SUV', '2011-2021', ['1.5T|110|1497|GW4G15B|Petrol|MT,DCT|FWD', '2.0T|145|1967|GW4C20|Petrol|DCT|AWD']],
  ['Peugeot', '308 (T9)', 'Hatchback', '2013-2021', ['1.6 THP|115|1598|EP6CDT|Petrol|AT|FWD', '1.6 BlueHDi|88|1560|DV6C|Diesel|MT|FWD']],
  ['Renault', 'Clio IV', 'Hatchback', '2012-2019', ['0.9 TCe|66|898|H4Bt|Petrol|MT|FWD', '1.5 dCi|66|1461|K9K|Diesel|MT,DCT|FWD']],
  ['Subaru', 'Forester (SJ)', 'SUV', '2012-2018', ['2.0|110|1995|FB20|Petrol|MT,CVT|AWD', '2.5|126|2498|FB25|Petrol|CVT|AWD']],
  ['Jeep', 'Wrangler (JK)', 'SUV', '2007-2018', ['3.6 V6|209|3604|ERB|Petrol|MT,AT|4WD', '2.8 CRD|147|2776|ENS|Diesel|AT|4WD']],
  ['Volvo', 'XC60 (156)', 'SUV', '2008-2017', ['D5 AWD|151|2400|D5244T10|Diesel|AT|AWD', 'T5|177|1969|B4204T11|Petrol|AT|FWD']],
];

export const MAKE_NAMES_ZH: Readonly<Record<string, string>> = {
  Toyota: '丰田', Lexus: '雷克萨斯', Volkswagen: '大众', Audi: '奥迪', Skoda: '斯柯达', BMW: '宝马',
  'Mercedes-Benz': '奔驰', Ford: '福特', Honda: '本田', Nissan: '日产', Hyundai: '现代', Kia: '起亚',
  Mitsubishi: '三菱', Mazda: '马自达', Chevrolet: '雪佛兰', BYD: '比亚迪', Geely: '吉利', Haval: '哈弗',
  Peugeot: '标致', Renault: '雷诺', Subaru: '斯巴鲁', Jeep: 'Jeep', Volvo: '沃尔沃',
};

/** Makes that share parts (same group), so one part's OE numbers and fitments stay plausible. */
export const MAKE_GROUPS: readonly (readonly string[])[] = [
  ['Toyota', 'Lexus'],
  ['Volkswagen', 'Audi', 'Skoda'],
  ['BMW'],
  ['Mercedes-Benz'],
  ['Ford'],
  ['Honda'],
  ['Nissan', 'Renault'],
  ['Hyundai', 'Kia'],
  ['Mitsubishi'],
  ['Mazda'],
  ['Chevrolet'],
  ['BYD', 'Geely', 'Haval'],
  ['Peugeot'],
  ['Subaru'],
  ['Jeep'],
  ['Volvo'],
];
/** How common each group is in the catalogue (the Chinese market leans on VW, Toyota, Honda, Nissan). */
export const MAKE_GROUP_SHARES: readonly number[] = [16, 15, 6, 6, 7, 9, 8, 9, 5, 4, 3, 4, 2, 2, 2, 2];
