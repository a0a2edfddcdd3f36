/**
 * The social network and messenger links of the static settings (VK and Telegram). Rendered
 * as static HTML in the header and footer, and inside the mobile menu island. A missing address
 * hides its link.
 */
import { TelegramIcon, VkIcon } from '../../ui/icons.tsx';
import './social-links.css';

interface Props {
  vk: string | null;
  telegram: string | null;
  className?: string;
}

export default function SocialLinks({ vk, telegram, className = '' }: Props) {
  if (!vk && !telegram) return null;
  return (
    <ul className={`social-links ${className}`.trim()} aria-label="Мы в соцсетях">
      {vk && (
        <li>
          <a className="social-links__link social-links__link--vk" href={vk} target="_blank" rel="noopener noreferrer" aria-label="ВКонтакте">
            <VkIcon />
          </a>
        </li>
      )}
      {telegram && (
        <li>
          <a className="social-links__link social-links__link--telegram" href={telegram} target="_blank" rel="noopener noreferrer" aria-label="Telegram">
            <TelegramIcon />
          </a>
        </li>
      )}
    </ul>
  );
}
