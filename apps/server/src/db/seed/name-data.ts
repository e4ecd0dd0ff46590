/**
 * Per-language names of the demo data (decision 011): stores and carriers (`names` beside the
 * name as written) and the vocabulary of words the demo rows repeat (`term_names`): units,
 * parameter names and word values of `pro_params`, vehicle-classification words. Rows are
 * "written|zh|en|es". Numbers, thread sizes, norms (DOT 4, R134a) and brands are not words and
 * stay as written.
 */
import type { TermKind } from '../localized-names';
import type { Names } from '../schema/names';

const parse = (rows: string): Array<{ term: string; names: Names }> =>
  rows
    .trim()
    .split('\n')
    .map((line) => {
      const [term = '', zh = '', en = '', es = ''] = line.trim().split('|');
      return { term, names: { zh, en, es } };
    });

/** Store id → names; the store's `name` as written stays English (demo-data.ts STORES). */
export const STORE_NAMES: Readonly<Record<number, Names>> = {
  1: { zh: '广州总仓', en: 'Guangzhou Main Warehouse', es: 'Almacén central de Cantón' },
  2: { zh: '上海仓', en: 'Shanghai Warehouse', es: 'Almacén de Shanghái' },
  3: { zh: '马德里仓', en: 'Madrid Warehouse', es: 'Almacén de Madrid' },
  4: { zh: '洛杉矶仓', en: 'Los Angeles Warehouse', es: 'Almacén de Los Ángeles' },
};

/** Carrier id → names. */
export const CARRIER_NAMES: Readonly<Record<number, Names>> = {
  1: { zh: '顺丰速运', en: 'SF Express', es: 'SF Express' },
  2: { zh: '德邦物流', en: 'Deppon Freight', es: 'Deppon Freight' },
  3: { zh: 'DHL 国际快递', en: 'DHL Express', es: 'DHL Express' },
  4: { zh: '中远海运', en: 'COSCO Sea Freight', es: 'COSCO Transporte Marítimo' },
  5: { zh: 'SEUR 快递', en: 'SEUR', es: 'SEUR' },
  6: { zh: '联邦快递陆运', en: 'FedEx Ground', es: 'FedEx Terrestre' },
  7: { zh: '中通快递', en: 'ZTO Express', es: 'ZTO Express' },
};

const UNITS = parse(`
PCS|个|pcs|ud.
SET|套|set|juego
KIT|套件|kit|kit
PR|对|pair|par
BTL|瓶|bottle|botella
`);

const PARAMS = parse(`
Width [mm]|宽度 [mm]|Width [mm]|Ancho [mm]
Height [mm]|高度 [mm]|Height [mm]|Alto [mm]
Thickness [mm]|厚度 [mm]|Thickness [mm]|Espesor [mm]
Wear indicator|磨损报警|Wear indicator|Testigo de desgaste
Diameter [mm]|直径 [mm]|Diameter [mm]|Diámetro [mm]
Number of holes|孔数|Number of holes|Número de agujeros
Brake disc type|刹车盘类型|Brake disc type|Tipo de disco de freno
Piston diameter [mm]|活塞直径 [mm]|Piston diameter [mm]|Diámetro del pistón [mm]
Brake system|制动系统|Brake system|Sistema de frenos
Length [mm]|长度 [mm]|Length [mm]|Longitud [mm]
Thread|螺纹|Thread|Rosca
Specification|规格|Specification|Especificación
Boiling point [°C]|沸点 [°C]|Boiling point [°C]|Punto de ebullición [°C]
Outer diameter [mm]|外径 [mm]|Outer diameter [mm]|Diámetro exterior [mm]
Filter type|滤芯类型|Filter type|Tipo de filtro
Connection [mm]|接口 [mm]|Connection [mm]|Conexión [mm]
Thread [mm]|螺纹 [mm]|Thread [mm]|Rosca [mm]
Spanner size [mm]|扳手尺寸 [mm]|Spanner size [mm]|Entrecaras [mm]
Electrode gap [mm]|电极间隙 [mm]|Electrode gap [mm]|Separación de electrodos [mm]
Number of connectors|接头数|Number of connectors|Número de conectores
Voltage [V]|电压 [V]|Voltage [V]|Tensión [V]
Shock absorber type|减震器类型|Shock absorber type|Tipo de amortiguador
Length min [mm]|最小长度 [mm]|Length min [mm]|Longitud mín. [mm]
Length max [mm]|最大长度 [mm]|Length max [mm]|Longitud máx. [mm]
Wire diameter [mm]|线径 [mm]|Wire diameter [mm]|Diámetro del alambre [mm]
Control arm design|摆臂结构|Control arm design|Tipo de brazo de suspensión
Material|材料|Material|Material
Cone size [mm]|锥度尺寸 [mm]|Cone size [mm]|Tamaño del cono [mm]
Fitting position|安装位置|Fitting position|Posición de montaje
With bearing|带轴承|With bearing|Con rodamiento
Inner diameter [mm]|内径 [mm]|Inner diameter [mm]|Diámetro interior [mm]
With ABS sensor ring|带 ABS 齿圈|With ABS sensor ring|Con anillo de sensor ABS
Pitch circle [mm]|节圆直径 [mm]|Pitch circle [mm]|Círculo primitivo [mm]
Outer teeth|外齿数|Outer teeth|Dientes exteriores
Inner teeth|内齿数|Inner teeth|Dientes interiores
Number of blades|叶片数|Number of blades|Número de álabes
Impeller material|叶轮材料|Impeller material|Material del rodete
Opening temperature [°C]|开启温度 [°C]|Opening temperature [°C]|Temperatura de apertura [°C]
With gasket|带密封垫|With gasket|Con junta
Core dimensions [mm]|芯体尺寸 [mm]|Core dimensions [mm]|Dimensiones del núcleo [mm]
Number of teeth|齿数|Number of teeth|Número de dientes
Chain type|链条类型|Chain type|Tipo de cadena
Number of links|链节数|Number of links|Número de eslabones
Number of ribs|楔数|Number of ribs|Número de nervios
Pulley diameter [mm]|皮带轮直径 [mm]|Pulley diameter [mm]|Diámetro de la polea [mm]
Pulley width [mm]|皮带轮宽度 [mm]|Pulley width [mm]|Ancho de la polea [mm]
Bolt holes|螺栓孔数|Bolt holes|Agujeros para tornillos
Number of wires|线数|Number of wires|Número de cables
Cable length [mm]|线长 [mm]|Cable length [mm]|Longitud del cable [mm]
Sensor type|传感器类型|Sensor type|Tipo de sensor
Number of pins|针脚数|Number of pins|Número de pines
Charging current [A]|充电电流 [A]|Charging current [A]|Corriente de carga [A]
Pulley type|皮带轮类型|Pulley type|Tipo de polea
Power [kW]|功率 [kW]|Power [kW]|Potencia [kW]
Capacity [Ah]|容量 [Ah]|Capacity [Ah]|Capacidad [Ah]
Cold cranking current [A]|冷启动电流 [A]|Cold cranking current [A]|Corriente de arranque en frío [A]
Connection|接口|Connection|Conexión
Lamp type|灯泡类型|Lamp type|Tipo de lámpara
With motor for headlamp levelling|带大灯调节电机|With motor for headlamp levelling|Con motor de regulación de faros
Rated power [W]|额定功率 [W]|Rated power [W]|Potencia nominal [W]
Mount type|安装方式|Mount type|Tipo de soporte
Pressure [bar]|压力 [bar]|Pressure [bar]|Presión [bar]
Flow rate [l/h]|流量 [l/h]|Flow rate [l/h]|Caudal [l/h]
Refrigerant|制冷剂|Refrigerant|Refrigerante
Number of grooves|槽数|Number of grooves|Número de ranuras
`);

const PARAM_VALUES = parse(`
prepared|预留|prepared|preparado
with sensor|带传感器|with sensor|con sensor
acoustic|声音报警|acoustic|acústico
none|无|none|ninguno
vented|通风|vented|ventilado
solid|实心|solid|macizo
vented, drilled|通风、打孔|vented, drilled|ventilado, perforado
activated carbon|活性炭|activated carbon|carbón activo
pollen|防花粉|pollen|antipolen
anti-allergen|抗过敏原|anti-allergen|antialérgeno
twin-tube gas|双筒充气|twin-tube gas|bitubo de gas
mono-tube gas|单筒充气|mono-tube gas|monotubo de gas
oil pressure|油压|oil pressure|presión de aceite
wishbone|叉臂|wishbone|trapecio
trailing arm|纵臂|trailing arm|brazo longitudinal
track control arm|横拉臂|track control arm|brazo transversal
steel|钢|steel|acero
aluminium|铝|aluminium|aluminio
sheet steel|钢板|sheet steel|chapa de acero
front axle|前桥|front axle|eje delantero
rear axle|后桥|rear axle|eje trasero
yes|是|yes|sí
no|否|no|no
plastic|塑料|plastic|plástico
metal|金属|metal|metal
aluminium/plastic|铝/塑料|aluminium/plastic|aluminio/plástico
simplex|单排|simplex|simple
duplex|双排|duplex|doble
silent chain|静音链|silent chain|cadena silenciosa
inductive|感应式|inductive|inductivo
Hall sensor|霍尔传感器|Hall sensor|sensor Hall
active|主动式|active|activo
freewheel|单向离合|freewheel|rueda libre
fixed|固定|fixed|fijo
hook|挂钩|hook|gancho
top lock|顶部锁扣|top lock|cierre superior
push button|按钮|push button|pulsador
side pin|侧销|side pin|pasador lateral
rubber|橡胶|rubber|caucho
silicone|硅胶|silicone|silicona
multi-layer steel (MLS)|多层钢 (MLS)|multi-layer steel (MLS)|acero multicapa (MLS)
composite|复合材料|composite|compuesto
rubber-metal|橡胶金属|rubber-metal|caucho-metal
hydro mount|液压悬置|hydro mount|soporte hidráulico
`);

const VEHICLE_WORDS = parse(`
Petrol|汽油|Petrol|Gasolina
Diesel|柴油|Diesel|Diésel
Hybrid|混合动力|Hybrid|Híbrido
Sedan|三厢轿车|Sedan|Sedán
SUV|SUV|SUV|SUV
Pickup|皮卡|Pickup|Pick-up
Hatchback|两厢轿车|Hatchback|Hatchback
Van|厢式车|Van|Furgoneta
Manual|手动|Manual|Manual
Automatic|自动|Automatic|Automática
Front-wheel drive|前轮驱动|Front-wheel drive|Tracción delantera
Rear-wheel drive|后轮驱动|Rear-wheel drive|Tracción trasera
All-wheel drive|全轮驱动|All-wheel drive|Tracción total
Four-wheel drive|四轮驱动|Four-wheel drive|Tracción 4x4
Disc brake|盘式制动|Disc brake|Freno de disco
Disc brake, vented|通风盘式制动|Disc brake, vented|Freno de disco ventilado
Drum brake|鼓式制动|Drum brake|Freno de tambor
Electric|电子驻车|Electric|Eléctrico
Mechanical|机械驻车|Mechanical|Mecánico
`);

/** Every term_names row of the demo data. */
export const DEMO_TERMS: ReadonlyArray<{ kind: TermKind; term: string; names: Names }> = [
  ...UNITS.map((row) => ({ kind: 'unit' as const, ...row })),
  ...PARAMS.map((row) => ({ kind: 'param' as const, ...row })),
  ...PARAM_VALUES.map((row) => ({ kind: 'param_value' as const, ...row })),
  ...VEHICLE_WORDS.map((row) => ({ kind: 'vehicle' as const, ...row })),
];
