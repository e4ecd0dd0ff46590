import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@shared/hooks/use-navigate';
import { findRoute, HOME_PATH } from '../route-table';
import { useTagsStore, type TagView } from './tags-store';

/** Issue 3 §5: one tab per visited page; right-click for refresh / close / close others / close all. */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const views = useTagsStore((s) => s.views);
  const activeKey = findRoute(location.pathname)?.path;

  const goToLast = (left: TagView[]) => void navigate(left.at(-1)?.fullPath ?? HOME_PATH);

  function close(view: TagView) {
    if (view.affix) return;
    const left = useTagsStore.getState().close(view.key);
    if (view.key === activeKey) goToLast(left);
  }

  function onAction(action: string, view: TagView) {
    const store = useTagsStore.getState();
    if (action === 'refresh') {
      store.refresh(view.key);
      if (view.key !== activeKey) void navigate(view.fullPath);
    } else if (action === 'close') {
      close(view);
    } else if (action === 'closeOthers') {
      store.closeOthers(view.key);
      if (view.key !== activeKey) void navigate(view.fullPath);
    } else if (action === 'closeAll') {
      goToLast(store.closeAll());
    }
  }

  return (
    <nav className="tags-view" aria-label={t('tags.label')}>
      <ul className="tags-list">
        {views.map((view) => {
          const active = view.key === activeKey;
          return (
            <Dropdown
              key={view.key}
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'refresh', label: t('tags.refresh') },
                  { key: 'close', label: t('tags.close'), disabled: view.affix },
                  { key: 'closeOthers', label: t('tags.closeOthers') },
                  { key: 'closeAll', label: t('tags.closeAll') },
                ],
                onClick: ({ key }) => onAction(key, view),
              }}
            >
              <li
                className={`tag-item${active ? ' tag-active' : ''}${view.affix ? ' tag-affix' : ''}`}
                data-path={view.key}
              >
                <a
                  href={view.fullPath}
                  aria-current={active ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate(view.fullPath);
                  }}
                  onAuxClick={(e) => {
                    // Middle click closes, as in browsers.
                    if (e.button === 1) {
                      e.preventDefault();
                      close(view);
                    }
                  }}
                >
                  {t(view.titleKey)}
                </a>
                {!view.affix && (
                  <button
                    type="button"
                    className="tag-close"
                    aria-label={t('tags.closeTab', { title: t(view.titleKey) })}
                    onClick={() => close(view)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
    </nav>
  );
}
