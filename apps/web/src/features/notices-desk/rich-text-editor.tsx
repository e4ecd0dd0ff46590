import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';

/**
 * TipTap (issue 15 item 4), loaded only with the notice editor. It offers exactly the markup the
 * server's allow-list keeps (notice-html.ts): paragraphs, bold/italic/underline, h3/h4, lists and
 * http(s)/mailto links, so what staff see here is what buyers get.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    protocols: ['http', 'https', 'mailto'],
    isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url),
  }),
];

/**
 * `value` seeds the editor once (the editor modal mounts a new one per notice); reading the
 * document back from a destroyed editor throws, so nothing here syncs it afterwards.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      h4: current?.isActive('heading', { level: 4 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (
    key: keyof NonNullable<typeof active>,
    title: string,
    icon: React.ReactNode,
    run: () => void,
  ) => (
    <Tooltip title={title} key={key}>
      <Button
        size="small"
        type={active?.[key] ? 'primary' : 'text'}
        aria-label={title}
        aria-pressed={active?.[key] ?? false}
        icon={icon}
        onClick={run}
      />
    </Tooltip>
  );

  function editLink() {
    const previous = (editor!.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('admin.noticesDesk.linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  return (
    <div className="rich-text">
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('admin.noticesDesk.toolbar')}>
        {tool('bold', t('admin.noticesDesk.bold'), <BoldOutlined />, () => chain().toggleBold().run())}
        {tool('italic', t('admin.noticesDesk.italic'), <ItalicOutlined />, () =>
          chain().toggleItalic().run(),
        )}
        {tool('underline', t('admin.noticesDesk.underline'), <UnderlineOutlined />, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('h3', `H3 ${t('admin.noticesDesk.heading')}`, <span className="rich-text-h">H3</span>, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {tool('h4', `H4 ${t('admin.noticesDesk.subheading')}`, <span className="rich-text-h">H4</span>, () =>
          chain().toggleHeading({ level: 4 }).run(),
        )}
        {tool('bullet', t('admin.noticesDesk.bulletList'), <UnorderedListOutlined />, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('ordered', t('admin.noticesDesk.orderedList'), <OrderedListOutlined />, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('link', t('admin.noticesDesk.link'), <LinkOutlined />, editLink)}
      </div>
      <EditorContent editor={editor} className="rich-text-body notice-content" />
    </div>
  );
}
