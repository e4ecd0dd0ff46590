/**
 * Areas for addresses and freight: continents (level 1), countries (level 2, spec §9),
 * provinces / states (level 3) and a few cities (level 4). Rows are "code|zh|en|es".
 */

export interface AreaSpec {
  code: string;
  zh: string;
  en: string;
  es: string;
  children?: readonly AreaSpec[];
}

const parse = (rows: string, children: Readonly<Record<string, string>> = {}): AreaSpec[] =>
  rows
    .trim()
    .split('\n')
    .map((line) => {
      const [code = '', zh = '', en = '', es = ''] = line.trim().split('|');
      const cities = children[code];
      return cities ? { code, zh, en, es, children: parse(cities) } : { code, zh, en, es };
    });

const CHINA = parse(
  `
CN-BJ|北京市|Beijing|Pekín
CN-TJ|天津市|Tianjin|Tianjin
CN-HE|河北省|Hebei|Hebei
CN-SX|山西省|Shanxi|Shanxi
CN-NM|内蒙古自治区|Inner Mongolia|Mongolia Interior
CN-LN|辽宁省|Liaoning|Liaoning
CN-JL|吉林省|Jilin|Jilin
CN-HL|黑龙江省|Heilongjiang|Heilongjiang
CN-SH|上海市|Shanghai|Shanghái
CN-JS|江苏省|Jiangsu|Jiangsu
CN-ZJ|浙江省|Zhejiang|Zhejiang
CN-AH|安徽省|Anhui|Anhui
CN-FJ|福建省|Fujian|Fujian
CN-JX|江西省|Jiangxi|Jiangxi
CN-SD|山东省|Shandong|Shandong
CN-HA|河南省|Henan|Henan
CN-HB|湖北省|Hubei|Hubei
CN-HN|湖南省|Hunan|Hunan
CN-GD|广东省|Guangdong|Cantón
CN-GX|广西壮族自治区|Guangxi|Guangxi
CN-HI|海南省|Hainan|Hainan
CN-CQ|重庆市|Chongqing|Chongqing
CN-SC|四川省|Sichuan|Sichuan
CN-GZ|贵州省|Guizhou|Guizhou
CN-YN|云南省|Yunnan|Yunnan
CN-XZ|西藏自治区|Tibet|Tíbet
CN-SN|陕西省|Shaanxi|Shaanxi
CN-GS|甘肃省|Gansu|Gansu
CN-QH|青海省|Qinghai|Qinghai
CN-NX|宁夏回族自治区|Ningxia|Ningxia
CN-XJ|新疆维吾尔自治区|Xinjiang|Sinkiang
CN-HK|香港特别行政区|Hong Kong|Hong Kong
CN-MO|澳门特别行政区|Macao|Macao
`,
  {
    'CN-GD': `
CN-GD-GZ|广州市|Guangzhou|Cantón (ciudad)
CN-GD-SZ|深圳市|Shenzhen|Shenzhen
CN-GD-FS|佛山市|Foshan|Foshan
CN-GD-DG|东莞市|Dongguan|Dongguan`,
    'CN-ZJ': `
CN-ZJ-HZ|杭州市|Hangzhou|Hangzhou
CN-ZJ-NB|宁波市|Ningbo|Ningbo
CN-ZJ-WZ|温州市|Wenzhou|Wenzhou`,
    'CN-JS': `
CN-JS-NJ|南京市|Nanjing|Nankín
CN-JS-SZ|苏州市|Suzhou|Suzhou`,
    'CN-SC': `CN-SC-CD|成都市|Chengdu|Chengdu`,
    'CN-HB': `CN-HB-WH|武汉市|Wuhan|Wuhan`,
    'CN-BJ': `
CN-BJ-CY|朝阳区|Chaoyang District|Distrito de Chaoyang
CN-BJ-HD|海淀区|Haidian District|Distrito de Haidian`,
  },
);

const UNITED_STATES = parse(
  `
US-AL|亚拉巴马州|Alabama|Alabama
US-AK|阿拉斯加州|Alaska|Alaska
US-AZ|亚利桑那州|Arizona|Arizona
US-AR|阿肯色州|Arkansas|Arkansas
US-CA|加利福尼亚州|California|California
US-CO|科罗拉多州|Colorado|Colorado
US-CT|康涅狄格州|Connecticut|Connecticut
US-DE|特拉华州|Delaware|Delaware
US-DC|哥伦比亚特区|District of Columbia|Distrito de Columbia
US-FL|佛罗里达州|Florida|Florida
US-GA|佐治亚州|Georgia|Georgia
US-HI|夏威夷州|Hawaii|Hawái
US-ID|爱达荷州|Idaho|Idaho
US-IL|伊利诺伊州|Illinois|Illinois
US-IN|印第安纳州|Indiana|Indiana
US-IA|艾奥瓦州|Iowa|Iowa
US-KS|堪萨斯州|Kansas|Kansas
US-KY|肯塔基州|Kentucky|Kentucky
US-LA|路易斯安那州|Louisiana|Luisiana
US-ME|缅因州|Maine|Maine
US-MD|马里兰州|Maryland|Maryland
US-MA|马萨诸塞州|Massachusetts|Massachusetts
US-MI|密歇根州|Michigan|Míchigan
US-MN|明尼苏达州|Minnesota|Minnesota
US-MS|密西西比州|Mississippi|Misisipi
US-MO|密苏里州|Missouri|Misuri
US-MT|蒙大拿州|Montana|Montana
US-NE|内布拉斯加州|Nebraska|Nebraska
US-NV|内华达州|Nevada|Nevada
US-NH|新罕布什尔州|New Hampshire|Nuevo Hampshire
US-NJ|新泽西州|New Jersey|Nueva Jersey
US-NM|新墨西哥州|New Mexico|Nuevo México
US-NY|纽约州|New York|Nueva York
US-NC|北卡罗来纳州|North Carolina|Carolina del Norte
US-ND|北达科他州|North Dakota|Dakota del Norte
US-OH|俄亥俄州|Ohio|Ohio
US-OK|俄克拉何马州|Oklahoma|Oklahoma
US-OR|俄勒冈州|Oregon|Oregón
US-PA|宾夕法尼亚州|Pennsylvania|Pensilvania
US-RI|罗得岛州|Rhode Island|Rhode Island
US-SC|南卡罗来纳州|South Carolina|Carolina del Sur
US-SD|南达科他州|South Dakota|Dakota del Sur
US-TN|田纳西州|Tennessee|Tennessee
US-TX|得克萨斯州|Texas|Texas
US-UT|犹他州|Utah|Utah
US-VT|佛蒙特州|Vermont|Vermont
US-VA|弗吉尼亚州|Virginia|Virginia
US-WA|华盛顿州|Washington|Washington
US-WV|西弗吉尼亚州|West Virginia|Virginia Occidental
US-WI|威斯康星州|Wisconsin|Wisconsin
US-WY|怀俄明州|Wyoming|Wyoming
`,
  {
    'US-CA': `
US-CA-LA|洛杉矶|Los Angeles|Los Ángeles
US-CA-SF|旧金山|San Francisco|San Francisco
US-CA-SD|圣迭戈|San Diego|San Diego`,
    'US-TX': `
US-TX-HOU|休斯敦|Houston|Houston
US-TX-DAL|达拉斯|Dallas|Dallas`,
  },
);

const SPAIN = parse(
  `
ES-C|拉科鲁尼亚省|A Coruña|La Coruña
ES-VI|阿拉瓦省|Álava|Álava
ES-AB|阿尔瓦塞特省|Albacete|Albacete
ES-A|阿利坎特省|Alicante|Alicante
ES-AL|阿尔梅里亚省|Almería|Almería
ES-O|阿斯图里亚斯|Asturias|Asturias
ES-AV|阿维拉省|Ávila|Ávila
ES-BA|巴达霍斯省|Badajoz|Badajoz
ES-PM|巴利阿里群岛|Balearic Islands|Islas Baleares
ES-B|巴塞罗那省|Barcelona|Barcelona
ES-BU|布尔戈斯省|Burgos|Burgos
ES-CC|卡塞雷斯省|Cáceres|Cáceres
ES-CA|加的斯省|Cádiz|Cádiz
ES-S|坎塔布里亚|Cantabria|Cantabria
ES-CS|卡斯特利翁省|Castellón|Castellón
ES-CR|雷阿尔城省|Ciudad Real|Ciudad Real
ES-CO|科尔多瓦省|Córdoba|Córdoba
ES-CU|昆卡省|Cuenca|Cuenca
ES-GI|赫罗纳省|Girona|Gerona
ES-GR|格拉纳达省|Granada|Granada
ES-GU|瓜达拉哈拉省|Guadalajara|Guadalajara
ES-SS|吉普斯夸省|Gipuzkoa|Guipúzcoa
ES-H|韦尔瓦省|Huelva|Huelva
ES-HU|韦斯卡省|Huesca|Huesca
ES-J|哈恩省|Jaén|Jaén
ES-LO|拉里奥哈|La Rioja|La Rioja
ES-GC|拉斯帕尔马斯省|Las Palmas|Las Palmas
ES-LE|莱昂省|León|León
ES-L|莱里达省|Lleida|Lérida
ES-LU|卢戈省|Lugo|Lugo
ES-M|马德里|Madrid|Madrid
ES-MA|马拉加省|Málaga|Málaga
ES-MU|穆尔西亚|Murcia|Murcia
ES-NA|纳瓦拉|Navarre|Navarra
ES-OR|奥伦塞省|Ourense|Orense
ES-P|帕伦西亚省|Palencia|Palencia
ES-PO|蓬特韦德拉省|Pontevedra|Pontevedra
ES-SA|萨拉曼卡省|Salamanca|Salamanca
ES-TF|圣克鲁斯-德特内里费省|Santa Cruz de Tenerife|Santa Cruz de Tenerife
ES-SG|塞哥维亚省|Segovia|Segovia
ES-SE|塞维利亚省|Seville|Sevilla
ES-SO|索里亚省|Soria|Soria
ES-T|塔拉戈纳省|Tarragona|Tarragona
ES-TE|特鲁埃尔省|Teruel|Teruel
ES-TO|托莱多省|Toledo|Toledo
ES-V|瓦伦西亚省|Valencia|Valencia
ES-VA|巴利亚多利德省|Valladolid|Valladolid
ES-BI|比斯开省|Biscay|Vizcaya
ES-ZA|萨莫拉省|Zamora|Zamora
ES-Z|萨拉戈萨省|Zaragoza|Zaragoza
ES-CE|休达|Ceuta|Ceuta
ES-ML|梅利利亚|Melilla|Melilla
`,
  {
    'ES-M': `
ES-M-MAD|马德里市|Madrid (city)|Madrid (ciudad)
ES-M-AH|阿尔卡拉-德埃纳雷斯|Alcalá de Henares|Alcalá de Henares`,
    'ES-B': `ES-B-BCN|巴塞罗那市|Barcelona (city)|Barcelona (ciudad)`,
    'ES-V': `ES-V-VLC|瓦伦西亚市|Valencia (city)|Valencia (ciudad)`,
  },
);

const MEXICO = parse(
  `
MX-AGU|阿瓜斯卡连特斯州|Aguascalientes|Aguascalientes
MX-BCN|下加利福尼亚州|Baja California|Baja California
MX-BCS|南下加利福尼亚州|Baja California Sur|Baja California Sur
MX-CAM|坎佩切州|Campeche|Campeche
MX-CHP|恰帕斯州|Chiapas|Chiapas
MX-CHH|奇瓦瓦州|Chihuahua|Chihuahua
MX-CMX|墨西哥城|Mexico City|Ciudad de México
MX-COA|科阿韦拉州|Coahuila|Coahuila
MX-COL|科利马州|Colima|Colima
MX-DUR|杜兰戈州|Durango|Durango
MX-GUA|瓜纳华托州|Guanajuato|Guanajuato
MX-GRO|格雷罗州|Guerrero|Guerrero
MX-HID|伊达尔戈州|Hidalgo|Hidalgo
MX-JAL|哈利斯科州|Jalisco|Jalisco
MX-MEX|墨西哥州|State of Mexico|Estado de México
MX-MIC|米却肯州|Michoacán|Michoacán
MX-MOR|莫雷洛斯州|Morelos|Morelos
MX-NAY|纳亚里特州|Nayarit|Nayarit
MX-NLE|新莱昂州|Nuevo León|Nuevo León
MX-OAX|瓦哈卡州|Oaxaca|Oaxaca
MX-PUE|普埃布拉州|Puebla|Puebla
MX-QUE|克雷塔罗州|Querétaro|Querétaro
MX-ROO|金塔纳罗奥州|Quintana Roo|Quintana Roo
MX-SLP|圣路易斯波托西州|San Luis Potosí|San Luis Potosí
MX-SIN|锡那罗亚州|Sinaloa|Sinaloa
MX-SON|索诺拉州|Sonora|Sonora
MX-TAB|塔巴斯科州|Tabasco|Tabasco
MX-TAM|塔毛利帕斯州|Tamaulipas|Tamaulipas
MX-TLA|特拉斯卡拉州|Tlaxcala|Tlaxcala
MX-VER|韦拉克鲁斯州|Veracruz|Veracruz
MX-YUC|尤卡坦州|Yucatán|Yucatán
MX-ZAC|萨卡特卡斯州|Zacatecas|Zacatecas
`,
  {
    'MX-NLE': `MX-NLE-MTY|蒙特雷|Monterrey|Monterrey`,
    'MX-JAL': `MX-JAL-GDL|瓜达拉哈拉|Guadalajara|Guadalajara`,
  },
);

const GERMANY = parse(
  `
DE-BW|巴登-符腾堡州|Baden-Württemberg|Baden-Wurtemberg
DE-BY|巴伐利亚州|Bavaria|Baviera
DE-BE|柏林|Berlin|Berlín
DE-BB|勃兰登堡州|Brandenburg|Brandeburgo
DE-HB|不来梅|Bremen|Bremen
DE-HH|汉堡|Hamburg|Hamburgo
DE-HE|黑森州|Hesse|Hesse
DE-MV|梅克伦堡-前波美拉尼亚州|Mecklenburg-Vorpommern|Mecklemburgo-Pomerania Occidental
DE-NI|下萨克森州|Lower Saxony|Baja Sajonia
DE-NW|北莱茵-威斯特法伦州|North Rhine-Westphalia|Renania del Norte-Westfalia
DE-RP|莱茵兰-普法尔茨州|Rhineland-Palatinate|Renania-Palatinado
DE-SL|萨尔州|Saarland|Sarre
DE-SN|萨克森州|Saxony|Sajonia
DE-ST|萨克森-安哈尔特州|Saxony-Anhalt|Sajonia-Anhalt
DE-SH|石勒苏益格-荷尔斯泰因州|Schleswig-Holstein|Schleswig-Holstein
DE-TH|图林根州|Thuringia|Turingia
`,
  { 'DE-BY': `DE-BY-MUC|慕尼黑|Munich|Múnich` },
);

const country = (row: string, children: AreaSpec[] = []): AreaSpec => ({ ...parse(row)[0]!, children });

export const AREA_TREE: readonly AreaSpec[] = [
  {
    code: 'AS',
    zh: '亚洲',
    en: 'Asia',
    es: 'Asia',
    children: [
      country('CN|中国|China|China', CHINA),
      country('JP|日本|Japan|Japón'),
      country('KR|韩国|South Korea|Corea del Sur'),
      country('AE|阿联酋|United Arab Emirates|Emiratos Árabes Unidos'),
      country('VN|越南|Vietnam|Vietnam'),
    ],
  },
  {
    code: 'EU',
    zh: '欧洲',
    en: 'Europe',
    es: 'Europa',
    children: [
      country('ES|西班牙|Spain|España', SPAIN),
      country('DE|德国|Germany|Alemania', GERMANY),
      country('FR|法国|France|Francia'),
      country('IT|意大利|Italy|Italia'),
      country('GB|英国|United Kingdom|Reino Unido'),
      country('PT|葡萄牙|Portugal|Portugal'),
    ],
  },
  {
    code: 'NA',
    zh: '北美洲',
    en: 'North America',
    es: 'América del Norte',
    children: [
      country('US|美国|United States|Estados Unidos', UNITED_STATES),
      country('MX|墨西哥|Mexico|México', MEXICO),
      country('CA|加拿大|Canada|Canadá'),
    ],
  },
  {
    code: 'SA',
    zh: '南美洲',
    en: 'South America',
    es: 'América del Sur',
    children: [
      country('BR|巴西|Brazil|Brasil'),
      country('CL|智利|Chile|Chile'),
      country('CO|哥伦比亚|Colombia|Colombia'),
      country('AR|阿根廷|Argentina|Argentina'),
    ],
  },
  {
    code: 'OC',
    zh: '大洋洲',
    en: 'Oceania',
    es: 'Oceanía',
    children: [country('AU|澳大利亚|Australia|Australia')],
  },
];
