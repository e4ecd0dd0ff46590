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
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const template = messages[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
