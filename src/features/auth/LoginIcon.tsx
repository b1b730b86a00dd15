import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * One antd outlined icon drawn from its bare definition (@ant-design/icons-svg): the same SVG the
 * <Icon> component renders, without antd's icon runtime (the login page loads no antd).
 */
export function LoginIcon({ icon }: { icon: IconDefinition }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return (
    <span className="zb-login-icon" aria-hidden="true">
      <svg viewBox={node.attrs.viewBox} focusable="false" width="1em" height="1em" fill="currentColor">
        {(node.children ?? []).map((child, i) => (
          <path key={i} d={child.attrs.d} />
        ))}
      </svg>
    </span>
  );
}
