import type { Language } from '@partsportal/contract/codes';

/**
 * Every text the server puts in `msg`, in zh (default), en and es. Spec messages keep the
 * spec's English word for word.
 */
export const messages = {
  ok: { zh: '操作成功', en: 'Success', es: 'Correcto' },
  validation: {
    zh: '请求数据有误：{fields}',
    en: 'Invalid request: {fields}',
    es: 'Solicitud no válida: {fields}',
  },
  unknownFields: {
    zh: '不允许的字段：{fields}',
    en: 'Fields not allowed: {fields}',
    es: 'Campos no permitidos: {fields}',
  },
  badJson: {
    zh: '请求内容不是有效的 JSON。',
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es JSON válido.',
  },
  badContentType: {
    zh: '不支持的请求内容类型。',
    en: 'Unsupported content type.',
    es: 'Tipo de contenido no admitido.',
  },
  payloadTooLarge: {
    zh: '请求内容过大。',
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
  },
  unknownCall: {
    zh: '接口不存在。',
    en: 'This call does not exist.',
    es: 'Esta llamada no existe.',
  },
  internal: {
    zh: '服务器出现问题，请稍后重试。',
    en: 'Something went wrong on our side. Please try again.',
    es: 'Algo salió mal en el servidor. Inténtelo de nuevo.',
  },
  databaseUnavailable: {
    zh: '数据库暂时无法访问，请稍后重试。',
    en: 'The database is unavailable at the moment. Please try again shortly.',
    es: 'La base de datos no está disponible en este momento. Inténtelo de nuevo en breve.',
  },
  invalidToken: {
    zh: '登录状态无效，请重新登录。',
    en: 'Verification failed, please login again.',
    es: 'La verificación falló, inicie sesión de nuevo.',
  },
  signedInElsewhere: {
    zh: '您的账号已在其他地方登录或修改了密码，请重新登录。',
    en: 'Your account signed in elsewhere or its password changed. Please log in again.',
    es: 'Su cuenta inició sesión en otro lugar o cambió su contraseña. Inicie sesión de nuevo.',
  },
  tokenExpired: {
    zh: '登录已过期，请重新登录。',
    en: 'Your session has expired. Please log in again.',
    es: 'Su sesión ha caducado. Inicie sesión de nuevo.',
  },
  forbidden: {
    zh: '您没有执行此操作的权限。',
    en: 'You do not have permission to do this.',
    es: 'No tiene permiso para hacer esto.',
  },
  notFound: {
    zh: '记录不存在。',
    en: 'The record was not found.',
    es: 'No se encontró el registro.',
  },
  loginFailed: {
    zh: '用户名或密码错误。',
    en: 'Incorrect user name or password.',
    es: 'Usuario o contraseña incorrectos.',
  },
  loginTooManyFailures: {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试。',
    en: 'Too many failed sign-ins. Please try again in {minutes} minutes.',
    es: 'Demasiados intentos fallidos. Inténtelo de nuevo en {minutes} minutos.',
  },
  tooManyRequests: {
    zh: '请求过于频繁，请 {seconds} 秒后再试。',
    en: 'Too many requests. Please try again in {seconds} seconds.',
    es: 'Demasiadas solicitudes. Inténtelo de nuevo en {seconds} segundos.',
  },
  serverBusy: {
    zh: '当前登录人数较多，请几秒后再试。',
    en: 'Many people are signing in right now. Please try again in a few seconds.',
    es: 'Muchas personas están iniciando sesión ahora. Inténtelo de nuevo en unos segundos.',
  },
  unknownAccount: {
    zh: '用户名或密码错误。',
    en: 'Incorrect user name or password.',
    es: 'Usuario o contraseña incorrectos.',
  },
  passwordCurrentRequired: {
    zh: '请输入当前密码！',
    en: 'Please enter your current password!',
    es: '¡Introduzca su contraseña actual!',
  },
  passwordCurrentWrong: {
    zh: '当前密码不正确！',
    en: 'The current password is not correct!',
    es: '¡La contraseña actual no es correcta!',
  },
  passwordRequired: {
    zh: '请输入新密码！',
    en: 'Please enter the new password!',
    es: '¡Introduzca la nueva contraseña!',
  },
  passwordConfirmRequired: {
    zh: '请输入确认密码！',
    en: 'Please enter the password to confirm!',
    es: '¡Introduzca la contraseña para confirmarla!',
  },
  passwordMismatch: {
    zh: '两次输入的密码不一致！',
    en: "Two times the code doesn't match!",
    es: '¡Las dos contraseñas no coinciden!',
  },
  passwordLength: {
    zh: '密码长度须为 {min}–{max} 个字符。',
    en: 'The password must be {min}–{max} characters long.',
    es: 'La contraseña debe tener entre {min} y {max} caracteres.',
  },
  productsNotFound: {
    zh: '找不到以下商品：{ids}。',
    en: 'These products were not found: {ids}.',
    es: 'No se encontraron estos productos: {ids}.',
  },
  storesNotFound: {
    zh: '找不到以下仓库：{ids}。',
    en: 'These stores were not found: {ids}.',
    es: 'No se encontraron estos almacenes: {ids}.',
  },
  areaNotFound: {
    zh: '找不到地区：{id}。',
    en: 'The area {id} was not found.',
    es: 'No se encontró el área {id}.',
  },
  unknownPluginCall: {
    zh: '未知的插件调用：{type}.{m}',
    en: 'Unknown plugin call: {type}.{m}',
    es: 'Llamada de complemento desconocida: {type}.{m}',
  },
  pluginDataNotJson: {
    zh: '参数 data 不是有效的 JSON 对象。',
    en: 'The field data is not a valid JSON object.',
    es: 'El campo data no es un objeto JSON válido.',
  },
  freightFromAreaRequired: {
    zh: '请选择发货国家！',
    en: 'Please select the sending country!',
    es: '¡Seleccione el país de envío!',
  },
  freightToAreaRequired: {
    zh: '请选择收货地区！',
    en: 'Please select the receiving area!',
    es: '¡Seleccione el área de recepción!',
  },
  freightFromAreaNotCountry: {
    zh: '发货地必须是国家。',
    en: 'The sending area must be a country.',
    es: 'El área de envío debe ser un país.',
  },
  cartQtyNotMultiple: {
    zh: '{number} 的数量必须是 {buy_qty} 的倍数。',
    en: 'Quantity of {number} must be a multiple of {buy_qty}.',
    es: 'La cantidad de {number} debe ser un múltiplo de {buy_qty}.',
  },
  cartLineQtyTooLarge: {
    zh: '购物车中 {number} 的数量不能超过 {max}。',
    en: 'The quantity of {number} in the cart cannot exceed {max}.',
    es: 'La cantidad de {number} en el carrito no puede superar {max}.',
  },
  cartRemoveNothingChecked: {
    zh: '请勾选需要删除的行！',
    en: 'Please check the rows that need to be removed!',
    es: '¡Marque las filas que desea eliminar!',
  },
  cartLineUnavailable: {
    zh: '该商品已下架。',
    en: 'This product is no longer available.',
    es: 'Este producto ya no está disponible.',
  },
  cartLineInsufficientStock: {
    zh: '库存不足，仅剩 {available}。',
    en: 'Not enough stock: only {available} available.',
    es: 'Stock insuficiente: solo hay {available} disponibles.',
  },
  cartStoreWithoutProduct: {
    zh: '仓库 {store} 没有 {number} 的库存记录。',
    en: 'The store {store} does not carry {number}.',
    es: 'El almacén {store} no tiene {number}.',
  },
  productNotFoundByNumber: {
    zh: '找不到对应的产品！',
    en: "I can't find the corresponding product!",
    es: '¡No encuentro el producto correspondiente!',
  },
  importNumberNotFound: {
    zh: '没有此编号的产品。',
    en: 'No product has this number.',
    es: 'Ningún producto tiene este número.',
  },
  importAmbiguous: {
    zh: '有 {count} 个产品使用此编号，请选择一个。',
    en: '{count} products have this number; please choose one.',
    es: '{count} productos tienen este número; elija uno.',
  },
  importZerosRestored: {
    zh: '表格丢失了前导零，已按 {number} 匹配。',
    en: 'The spreadsheet dropped the leading zeros; matched as {number}.',
    es: 'La hoja de cálculo perdió los ceros iniciales; se encontró como {number}.',
  },
  importQtyNotWhole: {
    zh: '数量“{qty}”不是正整数。',
    en: 'The quantity "{qty}" is not a positive whole number.',
    es: 'La cantidad «{qty}» no es un número entero positivo.',
  },
  importQtyTooLarge: {
    zh: '数量 {qty} 超过上限 {max}。',
    en: 'The quantity {qty} is over the limit of {max}.',
    es: 'La cantidad {qty} supera el límite de {max}.',
  },
  importTooManyLines: {
    zh: '一次最多导入 {max} 行。',
    en: 'At most {max} lines can be imported at once.',
    es: 'Se pueden importar como máximo {max} líneas a la vez.',
  },
  importWrongExtension: {
    zh: '上传文件只能是 xls、xlsx 格式！',
    en: 'Upload files can only be in xls,xlsx format!',
    es: '¡Los archivos solo pueden estar en formato xls o xlsx!',
  },
  importWrongType: {
    zh: '文件类型不正确！',
    en: 'The file type is incorrect!',
    es: '¡El tipo de archivo es incorrecto!',
  },
  importExcelException: {
    zh: 'Excel 文件异常！',
    en: 'Excel file exception!',
    es: '¡Error en el archivo de Excel!',
  },
  importNoData: {
    zh: 'Excel 文件中没有数据！',
    en: 'There is no data in the excel file!',
    es: '¡No hay datos en el archivo de Excel!',
  },
  importNoNumberColumn: {
    zh: '找不到名为 number 的列！',
    en: 'The column named number could not be found!',
    es: '¡No se encontró la columna llamada number!',
  },
  importFileTooLarge: {
    zh: '文件不能超过 {max} MB。',
    en: 'The file must not be larger than {max} MB.',
    es: 'El archivo no puede superar los {max} MB.',
  },
  importNoFile: {
    zh: '请选择要上传的文件。',
    en: 'Please choose a file to upload.',
    es: 'Elija un archivo para subir.',
  },
  addressContactRequired: {
    zh: '请输入收货人！',
    en: 'Please enter the recipient!',
    es: '¡Introduzca el destinatario!',
  },
  addressAreaRequired: {
    zh: '请选择所在地区！',
    en: 'Please select the region!',
    es: '¡Seleccione la región!',
  },
  addressDetailRequired: {
    zh: '请输入详细地址！',
    en: 'Please enter the detailed address!',
    es: '¡Introduzca la dirección detallada!',
  },
  addressPhoneRequired: {
    zh: '请输入联系电话！',
    en: 'Please enter the contact number!',
    es: '¡Introduzca el número de contacto!',
  },
  addressPhoneInvalid: {
    zh: '请输入正确的手机号码！',
    en: 'Please enter the correct mobile phone number!',
    es: '¡Introduzca un número de móvil correcto!',
  },
  addressAreaNotFound: {
    zh: '所选地区不存在，请重新选择。',
    en: 'The selected region does not exist. Please choose it again.',
    es: 'La región seleccionada no existe. Vuelva a elegirla.',
  },
  addressLimitReached: {
    zh: '每个公司最多保存 {max} 个收货地址。',
    en: 'A company can keep at most {max} shipping addresses.',
    es: 'Una empresa puede guardar como máximo {max} direcciones de envío.',
  },
  submitNothingChecked: {
    zh: '请先勾选要提交的商品！',
    en: 'Please check the items to be submitted first!',
    es: '¡Marque primero los artículos que desea enviar!',
  },
  savedListNameRequired: {
    zh: '请输入清单名称。',
    en: 'Please enter a name for the list.',
    es: 'Escriba un nombre para la lista.',
  },
  savedListNameTooLong: {
    zh: '清单名称最多 {max} 个字符。',
    en: 'A list name may have at most {max} characters.',
    es: 'El nombre de la lista admite como máximo {max} caracteres.',
  },
  savedListNameTaken: {
    zh: '已有名为“{name}”的清单，请换一个名称。',
    en: 'There is already a list called “{name}”; choose another name.',
    es: 'Ya existe una lista llamada «{name}»; elija otro nombre.',
  },
  savedListNothingToSave: {
    zh: '购物车中没有可保存的商品。',
    en: 'There are no cart lines to save.',
    es: 'No hay líneas del carrito para guardar.',
  },
  savedListTooManyLines: {
    zh: '一个清单最多 {max} 行。',
    en: 'A list may hold at most {max} lines.',
    es: 'Una lista admite como máximo {max} líneas.',
  },
  savedListTooMany: {
    zh: '最多可保存 {max} 个清单，请先删除不用的清单。',
    en: 'You can keep at most {max} lists; delete one you no longer use first.',
    es: 'Puede guardar como máximo {max} listas; elimine antes una que ya no use.',
  },
  poNumberTooLong: {
    zh: '您的订单参考号（PO 号）最多 {max} 个字符。',
    en: 'Your order reference (PO number) may have at most {max} characters.',
    es: 'Su referencia de pedido (número de OC) admite como máximo {max} caracteres.',
  },
  poNumberCharacters: {
    zh: '您的订单参考号（PO 号）须以字母或数字开头，只能包含字母、数字、空格和 - _ / . # : ( )。',
    en: 'Your order reference (PO number) must start with a letter or digit and may contain only letters, digits, spaces and - _ / . # : ( ).',
    es: 'Su referencia de pedido (número de OC) debe empezar por una letra o un dígito y solo puede contener letras, dígitos, espacios y - _ / . # : ( ).',
  },
  submitAddressRequired: {
    zh: '请设置收货地址！',
    en: 'Please set the receiving address!',
    es: '¡Establezca la dirección de recepción!',
  },
  submitItemsNotInCart: {
    zh: '部分商品已不在购物车中，请刷新购物车。',
    en: 'Some items are no longer in your cart. Please refresh the cart.',
    es: 'Algunos artículos ya no están en su carrito. Actualice el carrito.',
  },
  submitProductUnavailable: {
    zh: '商品 {number} 已下架，请从购物车中移除。',
    en: 'The product {number} is no longer available. Please remove it from the cart.',
    es: 'El producto {number} ya no está disponible. Quítelo del carrito.',
  },
  submitNoStore: {
    zh: '商品 {number} 没有可发货的仓库。',
    en: 'No store can ship the product {number}.',
    es: 'Ningún almacén puede enviar el producto {number}.',
  },
  submitInsufficientStock: {
    zh: '商品 {number} 库存不足：需要 {qty}，仓库 {store} 可用 {available}。',
    en: 'Not enough stock of {number}: {qty} wanted, {available} available in {store}.',
    es: 'No hay existencias suficientes de {number}: se piden {qty}, hay {available} en {store}.',
  },
  idempotencyKeyInvalid: {
    zh: 'Idempotency-Key 请求头无效（1–200 个可打印字符）。',
    en: 'The Idempotency-Key header is invalid (1–200 printable characters).',
    es: 'La cabecera Idempotency-Key no es válida (1–200 caracteres imprimibles).',
  },
  idempotencyKeyReused: {
    zh: '此 Idempotency-Key 已用于另一份不同的订单提交，请使用新的键。',
    en: 'This Idempotency-Key was already used for a different submission. Use a new key.',
    es: 'Esta Idempotency-Key ya se usó para un envío distinto. Use una clave nueva.',
  },
  orderNotPending: {
    zh: '订单 {no} 当前状态为“{state}”，不是待付款，无法执行此操作。',
    en: 'The order {no} is {state}, not awaiting payment; this is not possible now.',
    es: 'El pedido {no} está en estado {state}, no pendiente de pago; ahora no es posible.',
  },
  orderModifyState: {
    zh: '修改异常！订单 {no} 当前状态为“{state}”，只有待付款的订单可以修改。',
    en: 'Modify an exception! The order {no} is {state}; only orders awaiting payment can be changed.',
    es: '¡Error al modificar! El pedido {no} está en estado {state}; solo se pueden cambiar pedidos pendientes de pago.',
  },
  orderModifyStock: {
    zh: '修改异常！{number} 库存不足：最多还可增加 {available}。',
    en: 'Modify an exception! Not enough stock of {number}: at most {available} more are available.',
    es: '¡Error al modificar! No hay stock suficiente de {number}: como máximo {available} más disponibles.',
  },
  orderModifyMultiple: {
    zh: '修改异常！{number} 的数量必须是 {buy_qty} 的倍数。',
    en: 'Modify an exception! The quantity of {number} must be a multiple of {buy_qty}.',
    es: '¡Error al modificar! La cantidad de {number} debe ser múltiplo de {buy_qty}.',
  },
  orderDeleteState: {
    zh: '删除异常！订单 {no} 当前状态为“{state}”，只有待付款的订单可以删除明细。',
    en: 'Delete an exception! The order {no} is {state}; lines can only be deleted while it awaits payment.',
    es: '¡Error al eliminar! El pedido {no} está en estado {state}; solo se eliminan líneas de pedidos pendientes de pago.',
  },
  orderDeleteLastLine: {
    zh: '删除异常！这是订单 {no} 的最后一行，请取消订单。',
    en: 'Delete an exception! This is the last line of the order {no}; cancel the order instead.',
    es: '¡Error al eliminar! Es la última línea del pedido {no}; cancele el pedido en su lugar.',
  },
  buyAgainNeedsCart: {
    zh: '再次购买需要购物车权限。',
    en: 'Buying again needs access to the cart.',
    es: 'Para volver a comprar necesita acceso al carrito.',
  },
  creditLimitExceeded: {
    zh: '超出信用额度：本单 {amount} {currency}，可用额度 {available} {currency}。',
    en: 'This exceeds your credit limit: the order is {amount} {currency}, {available} {currency} is available.',
    es: 'Supera su límite de crédito: el pedido es de {amount} {currency}, hay {available} {currency} disponibles.',
  },
  paymentCallbackRefused: {
    zh: '支付回调被拒绝：{reason}',
    en: 'Payment callback refused: {reason}',
    es: 'Notificación de pago rechazada: {reason}',
  },
  paymentRequestClosed: {
    zh: '此支付请求已失效（订单已支付、已取消或已生成新的二维码）。',
    en: 'This payment request is no longer open (the order was paid, cancelled or a newer QR code was issued).',
    es: 'Esta solicitud de pago ya no está abierta (el pedido se pagó, se canceló o se emitió un código QR más reciente).',
  },
  onlinePaymentUnavailable: {
    zh: '暂不支持在线支付，请使用账期支付或联系我们。',
    en: 'Online payment is not available. Please pay on account or contact us.',
    es: 'El pago en línea no está disponible. Pague a cuenta o contáctenos.',
  },
  paymentProviderUnavailable: {
    zh: '支付服务暂时无法响应，请稍后重试或选择其他支付方式。',
    en: 'The payment service is not answering right now. Please try again shortly or choose another way to pay.',
    es: 'El servicio de pago no responde en este momento. Inténtelo de nuevo en breve o elija otra forma de pago.',
  },
  // Back-office file imports and the import core (modules/imports).
  catalogImportUnknownBrand: {
    zh: '品牌“{brand}”不存在（品牌来自基础资料，请先添加）。',
    en: 'The brand "{brand}" does not exist (brands come from the reference data; add it first).',
    es: 'La marca «{brand}» no existe (las marcas vienen de los datos de referencia; añádala primero).',
  },
  catalogImportRequired: {
    zh: '此项必填。',
    en: 'This field is required.',
    es: 'Este campo es obligatorio.',
  },
  catalogImportBadNumber: {
    zh: '编号“{value}”不含字母或数字。',
    en: 'The number "{value}" has no letters or digits.',
    es: 'El número «{value}» no tiene letras ni dígitos.',
  },
  catalogImportTooLong: {
    zh: '内容超过 {max} 个字符。',
    en: 'The text is longer than {max} characters.',
    es: 'El texto tiene más de {max} caracteres.',
  },
  catalogImportDuplicateRow: {
    zh: '与第 {row} 行重复（同一品牌和编号）。',
    en: 'Duplicate of row {row} (same brand and number).',
    es: 'Duplicado de la fila {row} (misma marca y número).',
  },
  catalogImportDuplicateKey: {
    zh: '与第 {row} 行重复（同一代码）。',
    en: 'Duplicate of row {row} (same key).',
    es: 'Duplicado de la fila {row} (misma clave).',
  },
  catalogImportBadDecimal: {
    zh: '“{value}”不是有效的非负数（最多 4 位小数）。',
    en: '"{value}" is not a valid number of 0 or more (at most 4 decimals).',
    es: '«{value}» no es un número válido de 0 o más (como máximo 4 decimales).',
  },
  catalogImportBadWhole: {
    zh: '“{value}”不是非负整数。',
    en: '"{value}" is not a whole number of 0 or more.',
    es: '«{value}» no es un número entero de 0 o más.',
  },
  catalogImportNegativeStock: {
    zh: '库存不能为负数（{value}）。',
    en: 'Stock cannot be negative ({value}).',
    es: 'El stock no puede ser negativo ({value}).',
  },
  catalogImportBadFlag: {
    zh: '“{value}”不是 是/否（1/0、yes/no）。',
    en: '"{value}" is not yes/no (1/0, yes/no).',
    es: '«{value}» no es sí/no (1/0, sí/no).',
  },
  catalogImportUnknownPartType: {
    zh: '配件类型“{value}”不存在。',
    en: 'The part type "{value}" does not exist.',
    es: 'El tipo de pieza «{value}» no existe.',
  },
  catalogImportUnknownStore: {
    zh: '仓库“{value}”不存在。',
    en: 'The store "{value}" does not exist.',
    es: 'El almacén «{value}» no existe.',
  },
  catalogImportUnknownCompany: {
    zh: '客户公司“{value}”不存在。',
    en: 'The company "{value}" does not exist.',
    es: 'La empresa «{value}» no existe.',
  },
  catalogImportUnknownProduct: {
    zh: '没有此品牌和编号的产品。',
    en: 'No product has this brand and number.',
    es: 'Ningún producto tiene esta marca y número.',
  },
  catalogImportBadCross: {
    zh: '互换号“{value}”无效，格式：OE:04465-33450;DENSO:DP123。',
    en: 'The cross number "{value}" is not valid; write OE:04465-33450;DENSO:DP123.',
    es: 'El número cruzado «{value}» no es válido; escriba OE:04465-33450;DENSO:DP123.',
  },
  catalogImportUnknownVehicle: {
    zh: '车型“{value}”不存在（车型来自基础资料，请先添加）。',
    en: 'The vehicle "{value}" does not exist (vehicles come from the reference data; add it first).',
    es: 'El vehículo «{value}» no existe (los vehículos vienen de los datos de referencia; añádalo primero).',
  },
  catalogImportUnknownPriceLevel: {
    zh: '价格等级“{value}”不存在。',
    en: 'The price level "{value}" does not exist.',
    es: 'El nivel de precios «{value}» no existe.',
  },
  catalogImportBadTime: {
    zh: '“{value}”不是带时区的 ISO 8601 时间（如 2026-01-31T08:00:00Z）。',
    en: '"{value}" is not an ISO 8601 time with an offset (e.g. 2026-01-31T08:00:00Z).',
    es: '«{value}» no es una hora ISO 8601 con zona (p. ej. 2026-01-31T08:00:00Z).',
  },
  catalogImportWrongCurrency: {
    zh: '币种 {value} 与此价格的币种 {expected} 不符（不做汇率换算）。',
    en: "The currency {value} is not this price's currency {expected} (no exchange rates are applied).",
    es: 'La moneda {value} no es la de este precio, {expected} (no se aplican tipos de cambio).',
  },
  catalogImportNothingToSet: {
    zh: '此行没有要导入的价格。',
    en: 'This row has no price to import.',
    es: 'Esta fila no tiene ningún precio que importar.',
  },
  catalogImportNotFound: {
    zh: '导入记录不存在。',
    en: 'This import does not exist.',
    es: 'Esta importación no existe.',
  },
  catalogImportBadState: {
    zh: '导入当前状态为“{state}”，不能执行此操作。',
    en: 'The import is "{state}"; this step is not possible now.',
    es: 'La importación está en «{state}»; este paso no es posible ahora.',
  },
  catalogImportMissingColumns: {
    zh: '缺少必需的列：{fields}',
    en: 'Required columns are not mapped: {fields}',
    es: 'Faltan columnas obligatorias: {fields}',
  },
  catalogImportBadMapping: {
    zh: '列映射无效：{fields}',
    en: 'The column mapping is not valid: {fields}',
    es: 'La asignación de columnas no es válida: {fields}',
  },
  catalogImportNotAFile: {
    zh: '文件必须是 CSV 或 xlsx 格式，且与扩展名相符。',
    en: 'The file must be CSV or xlsx, matching its extension.',
    es: 'El archivo debe ser CSV o xlsx, según su extensión.',
  },
  catalogImportEmpty: {
    zh: '文件没有表头或没有数据行。',
    en: 'The file has no header row or no data rows.',
    es: 'El archivo no tiene fila de encabezado o no tiene filas de datos.',
  },
  catalogImportXlsxTooLarge: {
    zh: 'xlsx 文件过大或结构异常，大文件请使用 CSV。',
    en: 'The xlsx file is too large or malformed; use CSV for large files.',
    es: 'El archivo xlsx es demasiado grande o está dañado; use CSV para archivos grandes.',
  },
  catalogImportFileTooLarge: {
    zh: '导入文件不能超过 {max} MB。',
    en: 'An import file can be at most {max} MB.',
    es: 'Un archivo de importación puede tener como máximo {max} MB.',
  },
  catalogImportReportRow: { zh: '行号', en: 'Row', es: 'Fila' },
  catalogImportReportResult: { zh: '结果', en: 'Result', es: 'Resultado' },
  catalogImportReportErrors: { zh: '错误', en: 'Errors', es: 'Errores' },
  catalogImportResultCreated: { zh: '新增', en: 'created', es: 'creado' },
  catalogImportResultUpdated: { zh: '更新', en: 'updated', es: 'actualizado' },
  catalogImportResultUnchanged: { zh: '无变化', en: 'unchanged', es: 'sin cambios' },
  catalogImportResultError: { zh: '错误', en: 'error', es: 'error' },
  secondFactorRequired: {
    zh: '请输入身份验证器应用中的 6 位验证码。',
    en: 'Enter the 6-digit code from your authenticator app.',
    es: 'Introduzca el código de 6 dígitos de su aplicación de autenticación.',
  },
  secondFactorWrong: {
    zh: '验证码不正确或已过期，请输入应用中当前显示的验证码。',
    en: 'The code is wrong or has expired. Enter the code your app shows now.',
    es: 'El código es incorrecto o ha caducado. Introduzca el código que muestra ahora su aplicación.',
  },
  secondFactorReplayed: {
    zh: '此验证码已使用过，请等待应用显示新的验证码。',
    en: 'This code has already been used. Wait for your app to show a new one.',
    es: 'Este código ya se ha usado. Espere a que su aplicación muestre uno nuevo.',
  },
  recoveryCodeWrong: {
    zh: '恢复码不正确或已使用。',
    en: 'The recovery code is wrong or has already been used.',
    es: 'El código de recuperación es incorrecto o ya se ha usado.',
  },
  secondFactorCodeMissing: {
    zh: '请输入验证码或恢复码。',
    en: 'Enter a code or a recovery code.',
    es: 'Introduzca un código o un código de recuperación.',
  },
  secondFactorTooManyFailures: {
    zh: '验证码错误次数过多，请重新登录。',
    en: 'Too many wrong codes. Please sign in again.',
    es: 'Demasiados códigos incorrectos. Inicie sesión de nuevo.',
  },
  secondFactorAlreadyEnrolled: {
    zh: '此账号已绑定身份验证器，请输入验证码。',
    en: 'This account already has an authenticator. Enter its code.',
    es: 'Esta cuenta ya tiene un autenticador. Introduzca su código.',
  },
  secondFactorNotEnrolled: {
    zh: '此账号尚未绑定身份验证器，请先绑定。',
    en: 'This account has no authenticator yet. Set one up first.',
    es: 'Esta cuenta aún no tiene autenticador. Configure uno primero.',
  },
  enrolmentNotStarted: {
    zh: '请先获取二维码，再输入验证码。',
    en: 'Get the QR code first, then enter a code.',
    es: 'Obtenga primero el código QR y luego introduzca un código.',
  },
  staffLoginTaken: {
    zh: '登录名“{login}”已被使用。',
    en: 'The sign-in name "{login}" is already in use.',
    es: 'El nombre de inicio de sesión "{login}" ya está en uso.',
  },
  staffLastOwner: {
    zh: '至少需要保留一位启用的所有者。',
    en: 'At least one enabled owner must remain.',
    es: 'Debe quedar al menos un propietario activo.',
  },
  staffNotFound: {
    zh: '未找到该员工账号。',
    en: 'Staff account not found.',
    es: 'No se encontró la cuenta de personal.',
  },
  inventoryNumberInvalid: {
    zh: '零件号（{field}）必须包含字母或数字。',
    en: 'The part number ({field}) must contain letters or digits.',
    es: 'El número de pieza ({field}) debe contener letras o dígitos.',
  },
  inventoryNumberTaken: {
    zh: '该品牌下已有零件号 {number}。',
    en: 'This brand already has a part numbered {number}.',
    es: 'Esta marca ya tiene una pieza con el número {number}.',
  },
  inventoryBrandUnknown: {
    zh: '品牌（brand_id）不存在。',
    en: 'Brand (brand_id): no such brand.',
    es: 'Marca (brand_id): no existe.',
  },
  inventoryPartTypeUnknown: {
    zh: '配件类型（part_type_id）不存在。',
    en: 'Part type (part_type_id): no such part type.',
    es: 'Tipo de pieza (part_type_id): no existe.',
  },
  inventoryCrossNumberTaken: {
    zh: '此零件已有互换号 {number}（忽略空格和符号后相同）。',
    en: 'This part already has the cross number {number} (the same once spaces and signs are ignored).',
    es: 'Esta pieza ya tiene el número cruzado {number} (igual sin espacios ni signos).',
  },
  inventoryStoreUnknown: {
    zh: '仓库（store_id）不存在。',
    en: 'Store (store_id): no such store.',
    es: 'Almacén (store_id): no existe.',
  },
  inventoryStockBelowReserved: {
    zh: '库存（stock）不能少于未发货订单占用的 {reserved}。',
    en: 'Stock (stock) cannot be less than the {reserved} held by unshipped orders.',
    es: 'El stock (stock) no puede ser menor que las {reserved} unidades reservadas por pedidos sin enviar.',
  },
  inventoryCompanyUnknown: {
    zh: '客户公司（company_id）不存在。',
    en: 'Company (company_id): no such customer company.',
    es: 'Empresa (company_id): no existe esa empresa cliente.',
  },
  inventoryNoFile: {
    zh: '请选择要上传的文件（字段 file）。',
    en: 'Choose a file to upload (field "file").',
    es: 'Elija un archivo para subir (campo "file").',
  },
  inventoryPictureType: {
    zh: '图片必须是 JPEG、PNG 或 WebP 文件（按文件内容判断，而非文件名）。',
    en: 'A picture must be a JPEG, PNG or WebP file (told by its content, not its name).',
    es: 'Una imagen debe ser un archivo JPEG, PNG o WebP (según su contenido, no su nombre).',
  },
  inventoryAttachmentType: {
    zh: '附件必须是 PDF 文件（按文件内容判断，而非文件名）。',
    en: 'An attachment must be a PDF file (told by its content, not its name).',
    es: 'Un adjunto debe ser un archivo PDF (según su contenido, no su nombre).',
  },
  inventoryFileTooLarge: {
    zh: '文件过大，最大 {max} MB。',
    en: 'The file is too large; at most {max} MB.',
    es: 'El archivo es demasiado grande; máximo {max} MB.',
  },
  inventoryTooManyFiles: {
    zh: '每个零件最多 {max} 个此类文件。',
    en: 'A part can have at most {max} files of this kind.',
    es: 'Una pieza puede tener como máximo {max} archivos de este tipo.',
  },
  companyCodeTaken: {
    zh: '客户编码“{code}”已被使用。',
    en: 'The customer code "{code}" is already in use.',
    es: 'El código de cliente "{code}" ya está en uso.',
  },
  priceLevelUnknown: {
    zh: '价格等级 {id} 不存在。',
    en: 'Price level {id} does not exist.',
    es: 'El nivel de precio {id} no existe.',
  },
  customerUserIdTaken: {
    zh: '用户名“{user_id}”已被使用。',
    en: 'The user ID "{user_id}" is already in use.',
    es: 'El ID de usuario "{user_id}" ya está en uso.',
  },
  customerMenuUnknown: {
    zh: '未知的菜单代码：{code}。',
    en: 'Unknown menu code: {code}.',
    es: 'Código de menú desconocido: {code}.',
  },
  customerMenusEmpty: {
    zh: '请至少选择一个菜单。',
    en: 'Choose at least one menu.',
    es: 'Elija al menos un menú.',
  },
  namesImportColumns: {
    zh: '第一行必须包含“键”列和至少一个语言列（中文、英文、西班牙文），与下载的文件相同。',
    en: 'The first row must name the Key column and at least one language column (Chinese, English, Spanish), as in the downloaded file.',
    es: 'La primera fila debe nombrar la columna Clave y al menos una columna de idioma (Chino, Inglés, Español), como en el archivo descargado.',
  },
  namesUnknownStore: {
    zh: '没有编号为 {key} 的仓库。',
    en: 'There is no store with the key {key}.',
    es: 'No existe ningún almacén con la clave {key}.',
  },
  namesUnknownCarrier: {
    zh: '没有编号为 {key} 的物流公司。',
    en: 'There is no carrier with the key {key}.',
    es: 'No existe ningún transportista con la clave {key}.',
  },
  namesUnknownArea: {
    zh: '没有编号为 {key} 的地区。',
    en: 'There is no area with the key {key}.',
    es: 'No existe ninguna zona con la clave {key}.',
  },
  namesTrackingUrl: {
    zh: '跟踪链接须以 http:// 或 https:// 开头，并包含 {no}（运单号的位置），例如 https://example.com/track?no={no}。',
    en: 'A tracking link must start with http:// or https:// and hold {no} where the waybill number goes, e.g. https://example.com/track?no={no}.',
    es: 'Un enlace de seguimiento debe empezar por http:// o https:// y contener {no} donde va el número de guía, p. ej. https://example.com/track?no={no}.',
  },
  namesTooLong: {
    zh: '名称最长 {max} 个字符。',
    en: 'A name may have at most {max} characters.',
    es: 'Un nombre puede tener como máximo {max} caracteres.',
  },
  namesOneLine: {
    zh: '名称只能是一行文字（不能含换行符或制表符）。',
    en: 'A name must be one line of text (no line breaks or tabs).',
    es: 'Un nombre debe ser una sola línea de texto (sin saltos de línea ni tabulaciones).',
  },
  namesRowFormula: {
    zh: '单元格“{column}”是公式，请直接输入文字。',
    en: 'The cell "{column}" holds a formula; type the text itself.',
    es: 'La celda "{column}" contiene una fórmula; escriba el texto directamente.',
  },
  namesRowNoKey: {
    zh: '缺少键（第一列）。',
    en: 'The key (first column) is missing.',
    es: 'Falta la clave (primera columna).',
  },
  namesRowDuplicate: {
    zh: '与第 {row} 行的键相同。',
    en: 'The same key as row {row}.',
    es: 'La misma clave que la fila {row}.',
  },
  sheetUploadWrongExtension: {
    zh: '文件只能是 csv 或 xlsx 格式。',
    en: 'The file must be a .csv or .xlsx file.',
    es: 'El archivo debe ser .csv o .xlsx.',
  },
  sheetUploadWrongType: {
    zh: '文件内容与扩展名不符。',
    en: 'The file content does not match its extension.',
    es: 'El contenido del archivo no coincide con su extensión.',
  },
  sheetUploadNotUtf8: {
    zh: 'CSV 文件必须是 UTF-8 编码。',
    en: 'The CSV file must be UTF-8 encoded.',
    es: 'El archivo CSV debe estar en UTF-8.',
  },
  sheetUploadNoData: {
    zh: '文件中没有数据。',
    en: 'The file contains no data.',
    es: 'El archivo no contiene datos.',
  },
  myNumberImportColumns: {
    zh: '第一行必须包含 number 和 my_number 列（brand 可选）。',
    en: 'The first row must name the columns number and my_number (brand is optional).',
    es: 'La primera fila debe nombrar las columnas number y my_number (brand es opcional).',
  },
  sheetUploadTooManyRows: {
    zh: '文件最多 {max} 行。',
    en: 'The file may have at most {max} rows.',
    es: 'El archivo puede tener como máximo {max} filas.',
  },
  myNumberRowNoNumber: {
    zh: '缺少零件编号。',
    en: 'The part number is missing.',
    es: 'Falta el número de pieza.',
  },
  myNumberRowNoMyNumber: {
    zh: '缺少客户编号（my_number）。',
    en: 'The customer number (my_number) is missing.',
    es: 'Falta el número del cliente (my_number).',
  },
  myNumberRowTooLong: {
    zh: '客户编号最长 {max} 个字符。',
    en: 'The customer number may have at most {max} characters.',
    es: 'El número del cliente puede tener como máximo {max} caracteres.',
  },
  myNumberRowProductNotFound: {
    zh: '未找到零件 {number}。',
    en: 'No part {number} was found.',
    es: 'No se encontró la pieza {number}.',
  },
  myNumberRowBrandNotFound: {
    zh: '零件 {number} 没有品牌“{brand}”。',
    en: 'Part {number} exists, but not of the brand "{brand}".',
    es: 'La pieza {number} existe, pero no de la marca "{brand}".',
  },
  myNumberRowAmbiguous: {
    zh: '有多个品牌的零件 {number}，请填写品牌。',
    en: 'Several brands have a part {number}; give the brand.',
    es: 'Varias marcas tienen la pieza {number}; indique la marca.',
  },
  myNumberRowDuplicate: {
    zh: '与第 {row} 行是同一零件。',
    en: 'The same part as row {row}.',
    es: 'La misma pieza que la fila {row}.',
  },
  // The order desk (issue 15): staff and the ERP acting on an order (modules/order-desk).
  orderConfirmRefused: {
    zh: '订单 {no} 无法确认：只有已支付、待确认的订单可以确认。',
    en: 'Order {no} cannot be confirmed: only an order that is paid and awaiting confirmation can.',
    es: 'El pedido {no} no se puede confirmar: solo un pedido pagado y pendiente de confirmación.',
  },
  orderRejectRefused: {
    zh: '订单 {no} 无法拒绝：只有待确认或信用冻结的订单可以拒绝。',
    en: 'Order {no} cannot be rejected: only an order awaiting confirmation or on credit hold can.',
    es: 'El pedido {no} no se puede rechazar: solo un pedido pendiente de confirmación o retenido por crédito.',
  },
  orderCancelRefused: {
    zh: '订单 {no} 无法取消：已有发货或订单已结束。',
    en: 'Order {no} cannot be cancelled: goods have shipped or the order is closed.',
    es: 'El pedido {no} no se puede cancelar: ya se envió mercancía o el pedido está cerrado.',
  },
  orderHoldRefused: {
    zh: '订单 {no} 无法冻结：只有待确认的订单可以信用冻结。',
    en: 'Order {no} cannot be put on credit hold: only an order awaiting confirmation can.',
    es: 'El pedido {no} no se puede retener: solo un pedido pendiente de confirmación.',
  },
  orderReleaseRefused: {
    zh: '订单 {no} 未处于信用冻结状态。',
    en: 'Order {no} is not on credit hold.',
    es: 'El pedido {no} no está retenido por crédito.',
  },
  orderEditRefused: {
    zh: '订单 {no} 的明细只能在确认前修改。',
    en: 'The lines of order {no} can be changed only before it is confirmed.',
    es: 'Las líneas del pedido {no} solo se pueden cambiar antes de confirmarlo.',
  },
  orderShipRefused: {
    zh: '订单 {no} 无法发货：只有已确认（或部分发货）的订单可以发货。',
    en: 'Order {no} cannot ship: only a confirmed (or partly delivered) order can.',
    es: 'El pedido {no} no se puede enviar: solo un pedido confirmado (o entregado en parte).',
  },
  orderShipTooMuch: {
    zh: '第 {seq} 行（{number}）：要发 {qty}，但未发货数量只有 {open}。',
    en: 'Line {seq} ({number}): {qty} to ship, but only {open} are ordered and not yet shipped.',
    es: 'Línea {seq} ({number}): {qty} a enviar, pero solo quedan {open} pedidas sin enviar.',
  },
  orderShipNoStock: {
    zh: '第 {seq} 行（{number}）：要发 {qty}，但仓库 {store} 只有 {available}。',
    en: 'Line {seq} ({number}): {qty} to ship, but the store {store} has only {available}.',
    es: 'Línea {seq} ({number}): {qty} a enviar, pero el almacén {store} solo tiene {available}.',
  },
  orderShipUnknownLine: {
    zh: '订单 {no} 没有明细 {line}。',
    en: 'Order {no} has no line {line}.',
    es: 'El pedido {no} no tiene la línea {line}.',
  },
  orderShipDuplicateLine: {
    zh: '明细 {line} 出现了两次，请合并数量。',
    en: 'Line {line} is given twice; give it once with the whole quantity.',
    es: 'La línea {line} aparece dos veces; indíquela una vez con la cantidad total.',
  },
  orderShipUnknownStore: {
    zh: '仓库不存在或已停用。',
    en: 'The store does not exist or is closed.',
    es: 'El almacén no existe o está cerrado.',
  },
  orderShipNoCarrier: {
    zh: '请选择或填写承运商。',
    en: 'Choose or type the carrier.',
    es: 'Elija o escriba el transportista.',
  },
  orderPartNotFound: {
    zh: '零件不存在或已停用。',
    en: 'The part does not exist or is inactive.',
    es: 'La pieza no existe o está inactiva.',
  },
  orderPartNoStore: {
    zh: '{number} 在任何仓库都没有可用库存。',
    en: 'No store has {number} available.',
    es: 'Ningún almacén tiene {number} disponible.',
  },
  // Notes the system writes into an order's state history (order_events.note_key, decision 011).
  orderEventCheckout: { zh: '网上下单', en: 'web checkout', es: 'pedido web' },
  orderEventCancelledByBuyer: {
    zh: '买家取消',
    en: 'cancelled by the buyer',
    es: 'cancelado por el comprador',
  },
  orderEventMovedToCart: { zh: '已移回购物车', en: 'moved back to the cart', es: 'devuelto al carrito' },
  orderEventPaidOnAccount: { zh: '账期支付', en: 'paid on account', es: 'pagado a cuenta' },
  orderEventPaidBy: {
    zh: '已通过 {method} 支付（{ref}）',
    en: 'paid by {method} ({ref})',
    es: 'pagado con {method} ({ref})',
  },
  orderEventPaidOnline: { zh: '在线支付', en: 'paid online', es: 'pagado en línea' },
  orderEventLineQty: {
    zh: '第 {seq} 行（{number}）：数量 {from} → {to}',
    en: 'line {seq} ({number}): qty {from} → {to}',
    es: 'línea {seq} ({number}): cantidad {from} → {to}',
  },
  orderEventLineDeleted: {
    zh: '第 {seq} 行（{number}）已删除，数量 {qty}',
    en: 'line {seq} ({number}) deleted, qty {qty}',
    es: 'línea {seq} ({number}) eliminada, cantidad {qty}',
  },
  orderEventCustomerRequest: { zh: '客户要求', en: 'customer request', es: 'a petición del cliente' },
  orderEventDuplicateOrder: { zh: '重复订单', en: 'duplicate order', es: 'pedido duplicado' },
  orderEventOutOfStock: { zh: '缺货', en: 'out of stock', es: 'sin existencias' },
  orderEventConfirmed: {
    zh: '批发商已确认',
    en: 'confirmed by the wholesaler',
    es: 'confirmado por el mayorista',
  },
  orderEventConfirmedNote: {
    zh: '批发商已确认：{remark}',
    en: 'confirmed by the wholesaler: {remark}',
    es: 'confirmado por el mayorista: {remark}',
  },
  orderEventRejected: {
    zh: '批发商拒绝：{reason}',
    en: 'rejected by the wholesaler: {reason}',
    es: 'rechazado por el mayorista: {reason}',
  },
  orderEventCancelledBySeller: {
    zh: '批发商取消',
    en: 'cancelled by the wholesaler',
    es: 'cancelado por el mayorista',
  },
  orderEventCancelledBySellerReason: {
    zh: '批发商取消：{reason}',
    en: 'cancelled by the wholesaler: {reason}',
    es: 'cancelado por el mayorista: {reason}',
  },
  orderEventCreditHold: { zh: '信用冻结', en: 'put on credit hold', es: 'retenido por crédito' },
  orderEventCreditHoldReason: {
    zh: '信用冻结：{reason}',
    en: 'put on credit hold: {reason}',
    es: 'retenido por crédito: {reason}',
  },
  orderEventCreditReleased: { zh: '信用冻结已解除', en: 'credit hold released', es: 'retención liberada' },
  orderEventLinePrice: {
    zh: '第 {seq} 行（{number}）：单价 {from} → {to}（{reason}）',
    en: 'line {seq} ({number}): price {from} → {to} ({reason})',
    es: 'línea {seq} ({number}): precio {from} → {to} ({reason})',
  },
  orderEventLineAdded: {
    zh: '新增第 {seq} 行（{number}），数量 {qty}',
    en: 'line {seq} ({number}) added, qty {qty}',
    es: 'línea {seq} ({number}) añadida, cantidad {qty}',
  },
  orderEventShipped: {
    zh: '已发货 {delivery}（{qty} 件），{carrier} 运单号 {waybill}',
    en: 'shipped {delivery} ({qty} pcs), {carrier} waybill {waybill}',
    es: 'enviado {delivery} ({qty} uds.), {carrier} guía {waybill}',
  },
  // Remarks the system writes into the ledger and the payments (remark_key, decision 011).
  ledgerWebOrderOnAccount: {
    zh: '网上订单，账期支付',
    en: 'web order, on account',
    es: 'pedido web, a cuenta',
  },
  ledgerWebOrderPaidOnline: {
    zh: '网上订单，在线支付',
    en: 'web order, paid online',
    es: 'pedido web, pagado en línea',
  },
  ledgerOrderChanged: {
    zh: '订单 {no} 已修改',
    en: 'order {no} changed',
    es: 'pedido {no} modificado',
  },
  ledgerOrderCancelled: {
    zh: '订单 {no} 已取消',
    en: 'order {no} cancelled',
    es: 'pedido {no} cancelado',
  },
  ledgerOrderRejected: {
    zh: '订单 {no} 已拒绝',
    en: 'order {no} rejected',
    es: 'pedido {no} rechazado',
  },
  ledgerOpeningBalance: { zh: '期初余额', en: 'Opening balance', es: 'Saldo inicial' },
  ledgerFreight: { zh: '运费', en: 'Freight', es: 'Flete' },
  paymentMonthlySettlement: { zh: '月结', en: 'Monthly settlement', es: 'Liquidación mensual' },
  paymentCutmoney: { zh: '扣款 {amount}', en: 'cutmoney {amount}', es: 'descuento {amount}' },
  // The payments desk (issue 15 item 3).
  paymentCurrencyMismatch: {
    zh: '币种不符：{company} 以 {expected} 结算，不能记录 {currency} 收款（不做汇率换算）。',
    en: 'Wrong currency: {company} pays in {expected}; a payment in {currency} cannot be recorded (no exchange rates).',
    es: 'Moneda incorrecta: {company} paga en {expected}; no se puede registrar un cobro en {currency} (sin tipos de cambio).',
  },
  paymentReferenceTaken: {
    zh: '参考号 {reference} 已用于本公司的收款 {no}（金额 {amount}），不能重复入账。',
    en: 'Reference {reference} is already booked for this company as payment {no} ({amount}); it is not booked twice.',
    es: 'La referencia {reference} ya está registrada para esta empresa como cobro {no} ({amount}); no se registra dos veces.',
  },
  paymentAllocationUnknown: {
    zh: '分配的单据 {entry} 不是本公司的未结款项。',
    en: 'The item {entry} to allocate to is not an open item of this company.',
    es: 'La partida {entry} a la que se asigna no es una partida abierta de esta empresa.',
  },
  paymentAllocationTooLarge: {
    zh: '分配给 {ref_no} 的 {amount} 超过其未结金额 {open}。',
    en: 'The {amount} allocated to {ref_no} is more than its open {open}.',
    es: 'Los {amount} asignados a {ref_no} superan su importe abierto de {open}.',
  },
  paymentAllocationsExceedAmount: {
    zh: '分配合计 {total} 超过收款金额 {amount}。',
    en: 'The allocations add up to {total}, more than the payment of {amount}.',
    es: 'Las asignaciones suman {total}, más que el cobro de {amount}.',
  },
  paymentAlreadyVoided: {
    zh: '收款 {no} 已作废（冲销单 {void_no}）。',
    en: 'Payment {no} is already void (counter entry {void_no}).',
    es: 'El cobro {no} ya está anulado (contraasiento {void_no}).',
  },
  paymentNotVoidable: {
    zh: '收款 {no} 不能在此作废：只有员工或 ERP 记录的收款可以作废（在线支付属于订单）。',
    en: 'Payment {no} cannot be voided here: only payments recorded by staff or the ERP can be (an online payment belongs to its order).',
    es: 'El cobro {no} no se puede anular aquí: solo los registrados por el personal o el ERP (un pago en línea pertenece a su pedido).',
  },
  // Refunds of online payments (decision 025).
  refundNotOnline: {
    zh: '收款 {no} 不是在线支付，不能退款：账期或手工记录的收款请使用作废。',
    en: 'Payment {no} was not paid online, so it cannot be refunded: void an account or recorded payment instead.',
    es: 'El cobro {no} no se pagó en línea, así que no se puede reembolsar: anule en su lugar un cobro a cuenta o registrado.',
  },
  refundAmountNotPositive: {
    zh: '退款金额必须大于零。',
    en: 'The refund amount must be greater than zero.',
    es: 'El importe del reembolso debe ser mayor que cero.',
  },
  refundAmountTooLarge: {
    zh: '退款金额 {amount} 超过收款 {no} 的可退余额 {refundable}。',
    en: 'The refund of {amount} is more than the {refundable} still refundable of payment {no}.',
    es: 'El reembolso de {amount} supera los {refundable} aún reembolsables del cobro {no}.',
  },
  refundPendingOther: {
    zh: '收款 {no} 有一笔 {amount} 的退款尚未得到支付服务商确认：请先以相同金额重试该退款。',
    en: 'A refund of {amount} of payment {no} is still unconfirmed by the payment provider: retry that refund (same amount) first.',
    es: 'Un reembolso de {amount} del cobro {no} aún no está confirmado por el proveedor de pago: reintente primero ese reembolso (mismo importe).',
  },
  refundProviderUnavailable: {
    zh: '支付服务商没有响应，退款尚未记录。请稍后以相同金额重试：重试使用同一退款单号 {refund_no}，不会重复退款。',
    en: 'The payment provider did not answer; nothing was recorded. Retry shortly with the same amount: the retry uses the same refund number {refund_no}, so the money cannot go out twice.',
    es: 'El proveedor de pago no respondió; no se registró nada. Reintente en breve con el mismo importe: el reintento usa el mismo número de reembolso {refund_no}, así que el dinero no puede salir dos veces.',
  },
  refundProviderRefused: {
    zh: '支付服务商拒绝了退款（{reason}），未记录任何内容。',
    en: 'The payment provider refused the refund ({reason}); nothing was recorded.',
    es: 'El proveedor de pago rechazó el reembolso ({reason}); no se registró nada.',
  },
  refundProviderMissing: {
    zh: '收款 {no} 的支付服务商（{provider}）未配置，无法退款。',
    en: 'The payment provider of payment {no} ({provider}) is not configured, so it cannot be refunded here.',
    es: 'El proveedor de pago del cobro {no} ({provider}) no está configurado, así que no se puede reembolsar aquí.',
  },
  refundIdempotencyReused: {
    zh: '幂等键 "{key}" 已用于另一笔退款，未处理任何内容。',
    en: 'The Idempotency-Key "{key}" was already used for another refund; nothing was processed.',
    es: 'La Idempotency-Key «{key}» ya se usó para otro reembolso; no se procesó nada.',
  },
  refundRemark: {
    zh: '退款：收款 {no}，{reason}',
    en: 'Refund of payment {no}: {reason}',
    es: 'Reembolso del cobro {no}: {reason}',
  },
  paymentVoidRemark: {
    zh: '作废收款 {no}：{reason}',
    en: 'Void of payment {no}: {reason}',
    es: 'Anulación del cobro {no}: {reason}',
  },
  paymentRecordedRemark: {
    zh: '收款（{method}），参考号 {reference}',
    en: 'payment ({method}), reference {reference}',
    es: 'cobro ({method}), referencia {reference}',
  },
  paymentDateInFuture: {
    zh: '收款日期不能晚于今天。',
    en: 'The payment date cannot be later than today.',
    es: 'La fecha del cobro no puede ser posterior a hoy.',
  },
  creditAllowanceExpiryPast: {
    zh: '临时额度的截止时间必须在将来。',
    en: 'The allowance must end in the future.',
    es: 'La ampliación debe terminar en el futuro.',
  },
  noticeTitleMissing: {
    zh: '请填写撰写语言（{language}）的标题。',
    en: 'Give the notice a title in the language it is written in ({language}).',
    es: 'Escriba el título en el idioma de redacción ({language}).',
  },
  noticeWindowInvalid: {
    zh: '结束发布时间必须晚于开始发布时间。',
    en: 'The end of publication must be after its start.',
    es: 'El fin de la publicación debe ser posterior a su inicio.',
  },
  noticeNoTarget: {
    zh: '请选择至少一个客户公司，或选择“所有公司”。',
    en: 'Choose at least one company, or all companies.',
    es: 'Elija al menos una empresa, o todas las empresas.',
  },
  noticeCompanyUnknown: {
    zh: '客户公司 {id} 不存在。',
    en: 'Company {id} does not exist.',
    es: 'La empresa {id} no existe.',
  },
  // Purchases desk (issue 15 item 5).
  purchaseEditRefused: {
    zh: '采购单 {no} 无法修改：只有草稿可以修改。',
    en: 'Purchase {no} cannot be changed: only a draft can.',
    es: 'La compra {no} no se puede modificar: solo un borrador.',
  },
  purchaseOrderRefused: {
    zh: '采购单 {no} 无法下单：只有草稿可以下单给供应商。',
    en: 'Purchase {no} cannot be ordered: only a draft can be sent to the supplier.',
    es: 'La compra {no} no se puede pedir: solo un borrador se envía al proveedor.',
  },
  purchaseReceiveRefused: {
    zh: '采购单 {no} 无法收货：只有已下单或部分收货的采购单可以收货。',
    en: 'Purchase {no} cannot be received: only an ordered or partly received purchase can.',
    es: 'La compra {no} no se puede recibir: solo una compra pedida o recibida en parte.',
  },
  purchaseCancelRefused: {
    zh: '采购单 {no} 无法取消：只有草稿或未收货的已下单采购单可以取消。',
    en: 'Purchase {no} cannot be cancelled: only a draft, or an ordered purchase nothing of which was received, can.',
    es: 'La compra {no} no se puede cancelar: solo un borrador o una compra pedida sin nada recibido.',
  },
  purchaseSupplierUnknown: {
    zh: '供应商不存在。',
    en: 'The supplier does not exist.',
    es: 'El proveedor no existe.',
  },
  purchaseNotASupplier: {
    zh: '该公司不是有效的供应商。',
    en: 'This company is not an active supplier.',
    es: 'Esta empresa no es un proveedor activo.',
  },
  purchasePartNotFound: {
    zh: '商品 {cpid} 不存在。',
    en: 'Part {cpid} does not exist.',
    es: 'La pieza {cpid} no existe.',
  },
  purchaseDuplicatePart: {
    zh: '商品 {cpid} 出现了两次，请合并为一行。',
    en: 'Part {cpid} is listed twice; put it on one line.',
    es: 'La pieza {cpid} aparece dos veces; póngala en una sola línea.',
  },
  purchaseUnknownStore: {
    zh: '仓库不存在或已停用。',
    en: 'The store does not exist or is closed.',
    es: 'El almacén no existe o está cerrado.',
  },
  purchaseUnknownLine: {
    zh: '采购单 {no} 没有第 {line} 行。',
    en: 'Purchase {no} has no line {line}.',
    es: 'La compra {no} no tiene la línea {line}.',
  },
  purchaseDuplicateLine: {
    zh: '第 {line} 行出现了两次。',
    en: 'Line {line} is listed twice.',
    es: 'La línea {line} aparece dos veces.',
  },
  purchaseReceiveTooMuch: {
    zh: '第 {seq} 行（{number}）：要收 {qty}，但未收货数量只有 {open}。',
    en: 'Line {seq} ({number}): {qty} to receive, but only {open} are ordered and not yet received.',
    es: 'Línea {seq} ({number}): {qty} a recibir, pero solo quedan {open} pedidas sin recibir.',
  },
  // Supersessions and substitutes (modules/supersessions, decision 023).
  supersessionSelf: {
    zh: '编号不能被自身替代。',
    en: 'A number cannot replace itself.',
    es: 'Un número no puede sustituirse a sí mismo.',
  },
  substituteSelf: {
    zh: '配件不能作为自身的替代件。',
    en: 'A part cannot be its own substitute.',
    es: 'Una pieza no puede ser su propio sustituto.',
  },
  importReplaced: {
    zh: '{old}（{brand}）已被 {number} 替代，已改为新编号。',
    en: '{old} ({brand}) has been replaced by {number}; the new number was taken.',
    es: '{old} ({brand}) ha sido sustituido por {number}; se tomó el número nuevo.',
  },
  importReplacedNotStocked: {
    zh: '{old}（{brand}）已被 {number} 替代，但本目录没有该新编号。',
    en: '{old} ({brand}) has been replaced by {number}, which this catalogue does not carry.',
    es: '{old} ({brand}) ha sido sustituido por {number}, que este catálogo no tiene.',
  },
  // Reports (issue 15 item 6).
  reportMonthRange: {
    zh: '月份范围无效：起始月份须不晚于结束月份，且最多 {max} 个月。',
    en: 'Invalid month range: the first month must not be after the last, and at most {max} months.',
    es: 'Rango de meses no válido: el primer mes no puede ser posterior al último, y como máximo {max} meses.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** A system note of an order's history: a message key and the values its text names. */
export interface SystemNote {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * The order_events columns of a system note: its key and values, and the English text as `note`
 * (what a reader sees only if the key ever disappeared from this file).
 */
export const noteColumns = (note: SystemNote) => ({
  note: translate(note.key, 'en', note.params),
  noteKey: note.key,
  noteParams: note.params ?? {},
});

/** The same for the `remark` of ledger entries and payments. */
export const remarkColumns = (remark: SystemNote) => ({
  remark: translate(remark.key, 'en', remark.params),
  remarkKey: remark.key,
  remarkParams: remark.params ?? {},
});

/** A stored note in the reader's language: its key's text when it has a known key, else the note as written. */
export function noteIn(
  stored: { note: string; note_key: string; note_params: MessageParams | null },
  language: Language,
): string {
  return stored.note_key in messages
    ? translate(stored.note_key as MessageKey, language, stored.note_params ?? {})
    : stored.note;
}

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const template = messages[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
