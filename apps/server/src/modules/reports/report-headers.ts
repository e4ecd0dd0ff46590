import type { Language } from '@partsportal/contract/codes';

/** Column titles of the report exports, in the reader's language. */
export const SALES_HEADERS: Record<
  Language,
  Record<
    | 'month'
    | 'companyCode'
    | 'company'
    | 'brand'
    | 'partType'
    | 'lines'
    | 'qty'
    | 'amount'
    | 'total'
    | 'noPartType',
    string
  >
> = {
  zh: {
    month: '月份',
    companyCode: '客户代码',
    company: '客户',
    brand: '品牌',
    partType: '配件类别',
    lines: '行数',
    qty: '数量',
    amount: '金额',
    total: '合计',
    noPartType: '（无类别）',
  },
  en: {
    month: 'Month',
    companyCode: 'Company code',
    company: 'Company',
    brand: 'Brand',
    partType: 'Part type',
    lines: 'Lines',
    qty: 'Quantity',
    amount: 'Amount',
    total: 'Total',
    noPartType: '(no part type)',
  },
  es: {
    month: 'Mes',
    companyCode: 'Código de empresa',
    company: 'Empresa',
    brand: 'Marca',
    partType: 'Tipo de pieza',
    lines: 'Líneas',
    qty: 'Cantidad',
    amount: 'Importe',
    total: 'Total',
    noPartType: '(sin tipo)',
  },
};

export const DEMAND_HEADERS: Record<
  Language,
  Record<
    | 'number'
    | 'input'
    | 'count'
    | 'searches'
    | 'imports'
    | 'companies'
    | 'companyCodes'
    | 'firstSeen'
    | 'lastSeen',
    string
  >
> = {
  zh: {
    number: '编号（规范化）',
    input: '输入内容',
    count: '次数',
    searches: '搜索',
    imports: '导入',
    companies: '公司数',
    companyCodes: '公司',
    firstSeen: '首次',
    lastSeen: '最近',
  },
  en: {
    number: 'Number (normalized)',
    input: 'As typed',
    count: 'Times',
    searches: 'Searches',
    imports: 'Imports',
    companies: 'Companies',
    companyCodes: 'Company codes',
    firstSeen: 'First seen',
    lastSeen: 'Last seen',
  },
  es: {
    number: 'Número (normalizado)',
    input: 'Tal como se escribió',
    count: 'Veces',
    searches: 'Búsquedas',
    imports: 'Importaciones',
    companies: 'Empresas',
    companyCodes: 'Códigos de empresa',
    firstSeen: 'Primera vez',
    lastSeen: 'Última vez',
  },
};
