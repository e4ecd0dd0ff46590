import type { Language } from '@partsportal/contract/codes';

type Text = Record<Language, string>;

/**
 * Every refusal of the integrators' API: a short title (RFC 9457 `title`, fixed per kind) and the
 * detail, in zh, en (this API's default) or es by `Accept-Language`.
 */
const texts = {
  keyMissing: {
    title: { zh: '需要 API 密钥', en: 'API key required', es: 'Se requiere una clave de API' },
    detail: {
      zh: '请在 Authorization 请求头中以 "Bearer pp_live_…" 发送 API 密钥。',
      en: 'Send the API key in the Authorization header as "Bearer pp_live_…".',
      es: 'Envíe la clave de API en la cabecera Authorization como "Bearer pp_live_…".',
    },
  },
  keyUnknown: {
    title: { zh: 'API 密钥无效', en: 'Invalid API key', es: 'Clave de API no válida' },
    detail: {
      zh: '此 API 密钥不存在。',
      en: 'This API key does not exist.',
      es: 'Esta clave de API no existe.',
    },
  },
  keyRevoked: {
    title: { zh: 'API 密钥已撤销', en: 'API key revoked', es: 'Clave de API revocada' },
    detail: {
      zh: '此 API 密钥已被撤销。',
      en: 'This API key has been revoked.',
      es: 'Esta clave de API ha sido revocada.',
    },
  },
  keyExpired: {
    title: { zh: 'API 密钥已过期', en: 'API key expired', es: 'Clave de API caducada' },
    detail: {
      zh: '此 API 密钥已过期。',
      en: 'This API key has expired.',
      es: 'Esta clave de API ha caducado.',
    },
  },
  scopeMissing: {
    title: { zh: '权限不足', en: 'Missing scope', es: 'Falta un permiso' },
    detail: {
      zh: '此 API 密钥缺少权限范围：{scopes}。',
      en: 'This API key lacks the scope: {scopes}.',
      es: 'A esta clave de API le falta el permiso: {scopes}.',
    },
  },
  rateLimited: {
    title: { zh: '请求过多', en: 'Too many requests', es: 'Demasiadas solicitudes' },
    detail: {
      zh: '此 API 密钥的请求频率超出限制，请 {seconds} 秒后重试。',
      en: 'This API key made too many requests. Retry in {seconds} s.',
      es: 'Esta clave de API hizo demasiadas solicitudes. Reintente en {seconds} s.',
    },
  },
  bodyTooLarge: {
    title: { zh: '请求内容过大', en: 'Request too large', es: 'Solicitud demasiado grande' },
    detail: {
      zh: '请求内容超过 {megabytes} MB 上限，请分批发送。',
      en: 'The request body exceeds the {megabytes} MB limit. Send it in smaller batches.',
      es: 'El cuerpo de la solicitud supera el límite de {megabytes} MB. Envíelo en lotes más pequeños.',
    },
  },
  tooManyRows: {
    title: { zh: '行数过多', en: 'Too many rows', es: 'Demasiadas filas' },
    detail: {
      zh: '每次请求最多 {max} 行，此请求有 {count} 行，未处理任何行。请分批发送。',
      en: 'At most {max} rows per request; this one has {count}. No row was processed. Send them in batches.',
      es: 'Como máximo {max} filas por solicitud; esta tiene {count}. No se procesó ninguna fila. Envíelas por lotes.',
    },
  },
  idempotencyKeyReused: {
    title: {
      zh: '幂等键已用于其他请求',
      en: 'Idempotency key reused',
      es: 'Clave de idempotencia reutilizada',
    },
    detail: {
      zh: '幂等键“{key}”已用于内容不同的请求，未处理任何行。新请求请使用新的键。',
      en: 'The Idempotency-Key "{key}" was already used for a different request; nothing was processed. Use a new key for a new request.',
      es: 'La Idempotency-Key «{key}» ya se usó para otra solicitud distinta; no se procesó nada. Use una clave nueva para una solicitud nueva.',
    },
  },
  badIdempotencyKey: {
    title: { zh: '幂等键无效', en: 'Invalid idempotency key', es: 'Clave de idempotencia no válida' },
    detail: {
      zh: 'Idempotency-Key 须为 1–255 个可打印 ASCII 字符（如 UUID）。',
      en: 'The Idempotency-Key must be 1–255 printable ASCII characters (a UUID, for example).',
      es: 'La Idempotency-Key debe tener de 1 a 255 caracteres ASCII imprimibles (por ejemplo, un UUID).',
    },
  },
  batchNotFound: {
    title: { zh: '未找到批次', en: 'Batch not found', es: 'Lote no encontrado' },
    detail: {
      zh: '没有此批次（批次结果保留 30 天，且只有发送它的密钥可以读取）。',
      en: 'No such batch (batch results are kept for 30 days and only the key that sent one may read it).',
      es: 'No existe este lote (los resultados se guardan 30 días y solo la clave que lo envió puede leerlo).',
    },
  },
  unsupportedMediaType: {
    title: { zh: '不支持的内容类型', en: 'Unsupported media type', es: 'Tipo de contenido no admitido' },
    detail: {
      zh: '请以 Content-Type: application/json 发送 JSON。',
      en: 'Send JSON with Content-Type: application/json.',
      es: 'Envíe JSON con Content-Type: application/json.',
    },
  },
  badJson: {
    title: { zh: 'JSON 无效', en: 'Invalid JSON', es: 'JSON no válido' },
    detail: {
      zh: '请求内容不是有效的 JSON。',
      en: 'The request body is not valid JSON.',
      es: 'El cuerpo de la solicitud no es JSON válido.',
    },
  },
  invalidRequest: {
    title: { zh: '请求数据有误', en: 'Invalid request', es: 'Solicitud no válida' },
    detail: {
      zh: '请求中有字段无效，详见 errors。',
      en: 'Some fields of the request are invalid; see errors.',
      es: 'Algunos campos de la solicitud no son válidos; vea errors.',
    },
  },
  unknownField: {
    title: { zh: '未知字段', en: 'Unknown field', es: 'Campo desconocido' },
    detail: {
      zh: '不允许的字段：{fields}',
      en: 'Fields not allowed: {fields}',
      es: 'Campos no permitidos: {fields}',
    },
  },
  invalidValue: {
    title: { zh: '值无效', en: 'Invalid value', es: 'Valor no válido' },
    detail: { zh: '值无效。', en: 'Invalid value.', es: 'Valor no válido.' },
  },
  noSuchOperation: {
    title: { zh: '未找到', en: 'Not found', es: 'No encontrado' },
    detail: {
      zh: '没有此接口，接口列表见 /api/v1/reference。',
      en: 'No such operation; see /api/v1/reference for the list.',
      es: 'No existe esta operación; vea /api/v1/reference.',
    },
  },
  orderNotFound: {
    title: { zh: '订单不存在', en: 'Order not found', es: 'Pedido no encontrado' },
    detail: {
      zh: '此账户没有该订单。',
      en: 'This account has no such order.',
      es: 'Esta cuenta no tiene ese pedido.',
    },
  },
  /** The order desk's refusal (state, stock, quantities), its text from platform/messages.ts. */
  orderActionRefused: {
    title: { zh: '无法执行', en: 'Not possible now', es: 'No es posible ahora' },
    detail: { zh: '{detail}', en: '{detail}', es: '{detail}' },
  },
  unavailable: {
    title: { zh: '暂时不可用', en: 'Temporarily unavailable', es: 'No disponible temporalmente' },
    detail: {
      zh: '数据库暂时不可用，未写入任何内容，请稍后重试。',
      en: 'The database is unavailable right now; nothing was written. Retry shortly.',
      es: 'La base de datos no está disponible; no se escribió nada. Reintente en breve.',
    },
  },
  internal: {
    title: { zh: '服务器错误', en: 'Server error', es: 'Error del servidor' },
    detail: {
      zh: '服务器发生意外错误，已记录。',
      en: 'An unexpected error occurred on the server; it has been logged.',
      es: 'Se produjo un error inesperado en el servidor; se ha registrado.',
    },
  },
  companyUnknown: {
    title: { zh: '未知客户', en: 'Unknown company', es: 'Empresa desconocida' },
    detail: {
      zh: '没有代码为 {code} 的客户公司。',
      en: 'No customer company has the code {code}.',
      es: 'Ninguna empresa cliente tiene el código {code}.',
    },
  },
  openItemUnknown: {
    title: { zh: '未知的未结款项', en: 'Unknown open item', es: 'Partida abierta desconocida' },
    detail: {
      zh: '{ref_no} 不是该公司的未结款项。',
      en: '{ref_no} is not an open item of this company.',
      es: '{ref_no} no es una partida abierta de esta empresa.',
    },
  },
  // The payments desk's own refusal, its text from the server's messages in the same language.
  paymentRefused: {
    title: { zh: '收款被拒绝', en: 'Payment refused', es: 'Cobro rechazado' },
    detail: { zh: '{reason}', en: '{reason}', es: '{reason}' },
  },
  paymentConflict: {
    title: { zh: '参考号已使用', en: 'Reference already used', es: 'Referencia ya usada' },
    detail: { zh: '{reason}', en: '{reason}', es: '{reason}' },
  },
  paymentNotFound: {
    title: { zh: '未找到收款', en: 'Payment not found', es: 'Cobro no encontrado' },
    detail: {
      zh: '没有编号或号码为 {id} 的收款。',
      en: 'There is no payment with id or number {id}.',
      es: 'No existe ningún cobro con id o número {id}.',
    },
  },
  refundRefused: {
    title: { zh: '退款被拒绝', en: 'Refund refused', es: 'Reembolso rechazado' },
    detail: { zh: '{reason}', en: '{reason}', es: '{reason}' },
  },
  refundProviderUnavailable: {
    title: {
      zh: '支付服务商未响应',
      en: 'Payment provider not answering',
      es: 'El proveedor de pago no responde',
    },
    detail: { zh: '{reason}', en: '{reason}', es: '{reason}' },
  },
  // Webhooks (modules/webhooks).
  webhookNotFound: {
    title: { zh: '未找到', en: 'Not found', es: 'No encontrado' },
    detail: {
      zh: '此 API 密钥没有编号为 {id} 的 Webhook 端点。',
      en: 'This API key has no webhook endpoint {id}.',
      es: 'Esta clave de API no tiene el webhook {id}.',
    },
  },
  webhookDeliveryNotFound: {
    title: { zh: '未找到', en: 'Not found', es: 'No encontrado' },
    detail: {
      zh: 'Webhook 端点 {id} 没有编号为 {delivery} 的投递记录。',
      en: 'Webhook endpoint {id} has no delivery {delivery}.',
      es: 'El webhook {id} no tiene el envío {delivery}.',
    },
  },
} as const satisfies Record<string, { title: Text; detail: Text }>;

export type IntegrationTextKey = keyof typeof texts;

export function integrationText(
  key: IntegrationTextKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return texts[key].detail[language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export const integrationTitle = (key: IntegrationTextKey, language: Language) => texts[key].title[language];
