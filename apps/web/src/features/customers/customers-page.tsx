import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { CompanyList } from './company-list';

const CompanyPage = lazy(() => import('./company-page'));

/**
 * /admin/customers (sales, owner): the companies; `?company=<id>` opens one company with its
 * users and own part numbers. One route entry in the admin table, so the sidebar keeps one item.
 */
export default function CustomersPage() {
  const [params] = useSearchParams();
  const company = Number(params.get('company'));
  if (Number.isInteger(company) && company > 0) return <CompanyPage id={company} />;
  return <CompanyList />;
}
