import { useSearchParams } from 'react-router';
import { IMPORT_KINDS, type ImportKind } from '@partsportal/contract/imports';
import { ImportsList } from './imports-list';
import { ImportWizard } from './import-wizard';
import './imports.css';

/**
 * The back office's file imports (issue 14 item 3): one admin route, `/admin/imports`. The
 * wizard's place is in the URL — `?new=products` before the upload, `?id=12` after it — and the
 * rest comes from the server's Status, so a reload (or another tab) finds the same step.
 */
export default function ImportsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return <ImportWizard key={id} importId={id} />;
  const kind = params.get('new');
  if (kind !== null) {
    const known = (IMPORT_KINDS as readonly string[]).includes(kind) ? (kind as ImportKind) : 'products';
    return <ImportWizard key="new" importId={null} initialKind={known} />;
  }
  return <ImportsList />;
}
