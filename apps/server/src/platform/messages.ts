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
  unknownAccount: {
    zh: '用户名或密码错误。',
    en: 'Incorrect user name or password.',
    es: 'Usuario o contraseña incorrectos.',
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
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const template = messages[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
