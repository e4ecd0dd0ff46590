/**
 * Demo notices in zh/en/es. Content is the small HTML subset notices allow (p, b, ul, li, br),
 * so the client's sanitizer has real markup to pass through.
 */

export interface NoticeSpec {
  /** Days before `now` the notice was published. */
  daysAgo: number;
  pinned: boolean;
  /** Only for the demo company (true) or for everyone. */
  demoOnly?: boolean;
  title: readonly [string, string, string];
  content: readonly [string, string, string];
}

export const NOTICES: readonly NoticeSpec[] = [
  {
    daysAgo: 2,
    pinned: true,
    title: [
      '春节期间发货安排',
      'Shipping schedule over the Spring Festival',
      'Calendario de envíos durante el Año Nuevo chino',
    ],
    content: [
      '<p>各位客户：春节期间<b>广州总仓</b>最后发货日为腊月二十六，正月初八恢复发货。</p><ul><li>上海仓同步安排</li><li>马德里仓正常营业</li></ul>',
      '<p>Dear customers, the last shipping day from the <b>Guangzhou Main Warehouse</b> before the Spring Festival is the 26th day of the 12th lunar month; shipping resumes on the 8th day of the new year.</p><ul><li>The Shanghai warehouse follows the same schedule</li><li>The Madrid warehouse works as usual</li></ul>',
      '<p>Estimados clientes: el último día de envío desde el <b>almacén central de Cantón</b> antes del Año Nuevo chino es el día 26 del 12.º mes lunar; los envíos se reanudan el día 8 del nuevo año.</p><ul><li>El almacén de Shanghái sigue el mismo calendario</li><li>El almacén de Madrid trabaja con normalidad</li></ul>',
    ],
  },
  {
    daysAgo: 6,
    pinned: true,
    title: [
      'Bosch 刹车片全系列到货',
      'Full Bosch brake pad range in stock',
      'Gama completa de pastillas Bosch en stock',
    ],
    content: [
      '<p>Bosch 刹车片 <b>0 986 4xx xxx</b> 系列已全部到货，覆盖丰田、大众、本田等主流车型。</p><p>批量采购享受额外 3% 折扣。</p>',
      '<p>The Bosch brake pad series <b>0 986 4xx xxx</b> is now fully in stock, covering Toyota, Volkswagen, Honda and other popular models.</p><p>Bulk orders get an extra 3% discount.</p>',
      '<p>La serie de pastillas Bosch <b>0 986 4xx xxx</b> ya está completamente en stock y cubre Toyota, Volkswagen, Honda y otros modelos populares.</p><p>Los pedidos al por mayor obtienen un 3% de descuento adicional.</p>',
    ],
  },
  {
    daysAgo: 12,
    pinned: false,
    title: ['系统维护通知', 'Scheduled maintenance', 'Mantenimiento programado'],
    content: [
      '<p>本周六 02:00–04:00 系统维护，期间无法下单，<b>购物车内容不受影响</b>。</p>',
      '<p>The portal is under maintenance this Saturday 02:00–04:00 (UTC+8). Orders cannot be placed during that time; <b>your cart is kept</b>.</p>',
      '<p>El portal estará en mantenimiento este sábado de 02:00 a 04:00 (UTC+8). No se podrán realizar pedidos; <b>su carrito se conserva</b>.</p>',
    ],
  },
  {
    daysAgo: 20,
    pinned: false,
    title: [
      '新增 Excel 批量导入功能',
      'New: import your cart from Excel',
      'Novedad: importe su carrito desde Excel',
    ],
    content: [
      '<p>购物车现支持导入 xls / xlsx 文件，表头需包含 <b>number</b> 列，可选 qty 列。</p><ul><li>文件不超过 5MB</li><li>支持 OE 号与品牌号</li></ul>',
      '<p>The cart now imports xls / xlsx files. The header row needs a <b>number</b> column; a qty column is optional.</p><ul><li>Files up to 5 MB</li><li>OE and brand numbers are both recognised</li></ul>',
      '<p>El carrito ya importa archivos xls / xlsx. La fila de cabecera necesita una columna <b>number</b>; la columna qty es opcional.</p><ul><li>Archivos de hasta 5 MB</li><li>Se reconocen números OE y de marca</li></ul>',
    ],
  },
  {
    daysAgo: 35,
    pinned: false,
    demoOnly: true,
    title: ['贵司账期调整通知', 'Your payment terms have changed', 'Cambio en sus condiciones de pago'],
    content: [
      '<p>自下月起，贵司账期由 30 天调整为 <b>45 天</b>，信用额度不变。</p>',
      '<p>From next month your payment terms change from 30 to <b>45 days</b>; your credit limit stays the same.</p>',
      '<p>A partir del próximo mes sus condiciones de pago pasan de 30 a <b>45 días</b>; su límite de crédito no cambia.</p>',
    ],
  },
  {
    daysAgo: 48,
    pinned: false,
    title: ['马德里仓正式启用', 'Madrid warehouse now open', 'Abre el almacén de Madrid'],
    content: [
      '<p>欧洲客户现可选择从 <b>马德里仓</b> 发货，西班牙境内 24–48 小时送达。</p>',
      '<p>European customers can now ship from the <b>Madrid warehouse</b>, with 24–48 h delivery within Spain.</p>',
      '<p>Los clientes europeos ya pueden enviar desde el <b>almacén de Madrid</b>, con entrega en 24–48 h en España.</p>',
    ],
  },
  {
    daysAgo: 70,
    pinned: false,
    title: ['运费标准更新', 'Updated freight rates', 'Tarifas de transporte actualizadas'],
    content: [
      '<p>顺丰快递首重价格下调，海运整柜报价请联系客服。</p><ul><li>广东省内首重 12 元</li><li>省外首重 18 元起</li></ul>',
      '<p>SF Express first-weight prices are lower; ask customer service for full-container sea freight quotes.</p><ul><li>Within Guangdong: CNY 12 first kg</li><li>Other provinces: from CNY 18</li></ul>',
      '<p>Bajan los precios del primer kilo de SF Express; consulte al servicio de atención para fletes marítimos de contenedor completo.</p><ul><li>Dentro de Cantón: 12 CNY el primer kg</li><li>Otras provincias: desde 18 CNY</li></ul>',
    ],
  },
  {
    daysAgo: 95,
    pinned: false,
    title: ['防范假冒配件提示', 'Beware of counterfeit parts', 'Cuidado con las piezas falsificadas'],
    content: [
      '<p>近期市场出现假冒滤清器，请通过本平台或授权渠道采购，收货时核对<b>防伪标签</b>。</p>',
      '<p>Counterfeit filters are circulating. Buy through this portal or authorised channels and check the <b>security label</b> on delivery.</p>',
      '<p>Circulan filtros falsificados. Compre a través de este portal o de canales autorizados y compruebe la <b>etiqueta de seguridad</b> al recibir.</p>',
    ],
  },
  {
    daysAgo: 130,
    pinned: false,
    title: ['KYB 减震器促销', 'KYB shock absorber promotion', 'Promoción de amortiguadores KYB'],
    content: [
      '<p>KYB Excel-G 系列减震器限时 <b>九折</b>，活动截至月底。</p>',
      '<p>KYB Excel-G shock absorbers at <b>10% off</b> until the end of the month.</p>',
      '<p>Amortiguadores KYB Excel-G con un <b>10% de descuento</b> hasta final de mes.</p>',
    ],
  },
  {
    daysAgo: 160,
    pinned: false,
    title: ['开具增值税专用发票说明', 'How to request a VAT invoice', 'Cómo solicitar una factura con IVA'],
    content: [
      '<p>如需增值税专用发票，请在订单备注中填写开票信息，发票随货寄出。</p>',
      '<p>For a special VAT invoice, put your invoicing details in the order remark; the invoice ships with the goods.</p>',
      '<p>Para una factura especial de IVA, indique sus datos de facturación en la observación del pedido; la factura se envía con la mercancía.</p>',
    ],
  },
  {
    daysAgo: 210,
    pinned: true,
    title: ['客服工作时间', 'Customer service hours', 'Horario de atención al cliente'],
    content: [
      '<p>周一至周六 <b>08:30–18:00</b>（北京时间），电话 020-8888 6666。</p>',
      '<p>Monday to Saturday <b>08:30–18:00</b> (Beijing time), phone +86 20 8888 6666.</p>',
      '<p>De lunes a sábado de <b>08:30 a 18:00</b> (hora de Pekín), teléfono +86 20 8888 6666.</p>',
    ],
  },
  {
    daysAgo: 260,
    pinned: false,
    title: ['新增 Gates 正时套件', 'New Gates timing belt kits', 'Nuevos kits de distribución Gates'],
    content: [
      '<p>新增 Gates PowerGrip 正时皮带套件 120 余款，部分带水泵。</p>',
      '<p>More than 120 new Gates PowerGrip timing belt kits, some with water pump.</p>',
      '<p>Más de 120 nuevos kits de distribución Gates PowerGrip, algunos con bomba de agua.</p>',
    ],
  },
  {
    daysAgo: 300,
    pinned: false,
    title: ['国庆节放假通知', 'National Day holiday', 'Festivo del Día Nacional'],
    content: [
      '<p>10 月 1 日至 7 日放假，期间订单将于 10 月 8 日起依次发货。</p>',
      '<p>We are closed from 1 to 7 October; orders placed then ship from 8 October.</p>',
      '<p>Cerramos del 1 al 7 de octubre; los pedidos realizados se enviarán a partir del 8 de octubre.</p>',
    ],
  },
  {
    daysAgo: 340,
    pinned: false,
    title: ['欢迎使用 PartsPortal', 'Welcome to PartsPortal', 'Bienvenido a PartsPortal'],
    content: [
      '<p>欢迎使用在线订货平台：<b>查件、下单、对账</b>一站完成。</p><ul><li>按 OE 号或品牌号查询</li><li>实时库存</li><li>在线支付</li></ul>',
      '<p>Welcome to the online ordering portal: <b>find parts, order and reconcile</b> in one place.</p><ul><li>Search by OE or brand number</li><li>Live stock</li><li>Online payment</li></ul>',
      '<p>Bienvenido al portal de pedidos en línea: <b>busque piezas, haga pedidos y concilie</b> en un solo lugar.</p><ul><li>Búsqueda por número OE o de marca</li><li>Stock en tiempo real</li><li>Pago en línea</li></ul>',
    ],
  },
];
