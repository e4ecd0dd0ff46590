import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_SAVED_LIST_NAME, savedListNameProblem } from '@partsportal/contract/saved-lists-rules';

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

/**
 * A dialog asking for a list name; `onSave` answers true when it worked (the dialog closes).
 * The saved lists page renames with it; the cart loads it with the first "Save as list"
 * (save-list-button.tsx), so the cart's first load has no Form or Modal for it.
 */
export default function ListNameDialog(props: {
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
