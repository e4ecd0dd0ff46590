import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { savedListEndpoints } from '@partsportal/contract/saved-lists';
import { MAX_SAVED_LIST_NAME, savedListNameProblem } from '@partsportal/contract/saved-lists-rules';
import { mutateEndpoint } from '@shared/api/server-state';
import { useFeedback } from '@shared/ui/feedback';

/** The message for a list name the server would refuse (the same rule), or undefined. */
export function useListNameError() {
  const { t } = useTranslation();
  return (value: string): string | undefined => {
    const problem = savedListNameProblem(value);
    if (problem === 'required') return t('savedLists.nameRequired');
    if (problem === 'too_long') return t('savedLists.nameTooLong', { max: MAX_SAVED_LIST_NAME });
    return undefined;
  };
}

/** A dialog asking for a list name; `onSave` answers true when it worked (the dialog closes). */
export function ListNameDialog(props: {
  open: boolean;
  title: string;
  initial: string;
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameError = useListNameError();
  const [name, setName] = useState(props.initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = tried ? nameError(name) : undefined;
  const submit = async () => {
    setTried(true);
    if (nameError(name)) return;
    setBusy(true);
    try {
      if (await props.onSave(name.trim())) props.onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={props.onClose}
      afterOpenChange={(open) => {
        if (!open) {
          setName(props.initial);
          setTried(false);
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('savedLists.name')}
          htmlFor="saved-list-name"
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <Input
            id="saved-list-name"
            autoFocus
            value={name}
            maxLength={MAX_SAVED_LIST_NAME + 10}
            placeholder={t('savedLists.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * "Save as list" on the cart (issue 17 #15): the ticked lines when some are ticked, else the
 * whole cart, under a name the company's users then find on the saved lists page.
 */
export function SaveListButton({ checked, disabled }: { checked: readonly number[]; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
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
    </>
  );
}
