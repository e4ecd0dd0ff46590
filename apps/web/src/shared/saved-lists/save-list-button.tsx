import { useState } from 'react';
import { Button } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { savedListEndpoints } from '@partsportal/contract/saved-lists';
import { mutateEndpoint } from '@shared/api/server-state';
import { useFeedback } from '@shared/ui/feedback';
import { onDemand, useOnDemandShown } from '@shared/ui/on-demand';

// antd's Form and Modal (~30 KB gzip) come with the first click, not with the cart.
const ListNameDialog = onDemand(() => import('./list-name-dialog'));

/**
 * "Save as list" on the cart (issue 17 #15): the ticked lines when some are ticked, else the
 * whole cart, under a name the company's users then find on the saved lists page.
 */
export function SaveListButton({ checked, disabled }: { checked: readonly number[]; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const shown = useOnDemandShown(ListNameDialog, open, () => setOpen(false));
  const save = async (name: string) => {
    try {
      const saved = await mutateEndpoint(
        savedListEndpoints.saveCartAsList,
        { name, ...(checked.length > 0 ? { ids: [...checked] } : {}) },
        { invalidates: [savedListEndpoints.getSavedLists] },
      );
      // Plain text: toasts render outside the router, so no <Link> here (the toolbar has one).
      void message.success(t('savedLists.saved', { name: saved.name }));
      return true;
    } catch {
      return false; // Toasted by the API client; the dialog stays for another name.
    }
  };
  return (
    <>
      <Button
        icon={<SaveOutlined />}
        className="save-as-list"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {checked.length > 0 ? t('savedLists.saveTicked') : t('savedLists.saveAs')}
      </Button>
      {shown && (
        <ListNameDialog
          open={open}
          title={
            checked.length > 0
              ? t('savedLists.saveTickedTitle', { count: checked.length })
              : t('savedLists.saveTitle')
          }
          initial=""
          onSave={save}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
