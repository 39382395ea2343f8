import { Link } from 'react-router-dom';
import { BRAND_NAME, DATA_DELETION_EMAIL_SUBJECT, SUPPORT_REPLY_TIME } from '~shared/constants.ts';
import { SUPPORT_EMAIL } from '../../lib/site.ts';
import { MailIcon } from '~shared/ui/icons/public-icons.tsx';
import { StaticPageLayout } from './static-page-layout.tsx';

const DELETION_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(DATA_DELETION_EMAIL_SUBJECT)}`;

/** /data-deletion: e-mail support with the subject 'Data Deletion Request' (part 2 §2). */
export function DataDeletionPage() {
  return (
    <StaticPageLayout
      title="Data Deletion"
      path="/data-deletion"
      description={`How to delete your ${BRAND_NAME} account and all of its data.`}
    >
      <p>
        You can ask us to delete your {BRAND_NAME} account and everything stored with it at any time. Deletion is permanent and cannot be
        undone, so you may want to copy any links you want to keep first.
      </p>

      <h2>How to request deletion</h2>
      <ol>
        <li>
          Send an e-mail to <a href={DELETION_MAILTO}>{SUPPORT_EMAIL}</a> with the subject <strong>"{DATA_DELETION_EMAIL_SUBJECT}"</strong>.
        </li>
        <li>Send it from the e-mail address of your account, so we know the request is really yours.</li>
        <li>If you like, tell us why you are leaving; it helps us improve, but it is not required.</li>
      </ol>
      <p>
        <a
          className="not-prose inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground no-underline hover:bg-primary/90"
          href={DELETION_MAILTO}
        >
          <MailIcon size={16} />
          E-mail a deletion request
        </a>
      </p>

      <h2>What happens next</h2>
      <ul>
        <li>We reply within {SUPPORT_REPLY_TIME} to confirm we received your request.</li>
        <li>
          We delete your profile, links, categories, folders, uploaded icons and backgrounds, public profile page, sharing history and
          sign-in records within 30 days.
        </li>
        <li>Links you already shared with other people stay in their collections, because they belong to them now.</li>
        <li>We send you a final e-mail when the deletion is complete.</li>
      </ul>

      <h2>Signed in with Facebook?</h2>
      <p>
        If you connected Facebook, you can also remove {BRAND_NAME} from your Facebook settings under Apps and Websites. That stops Facebook
        sharing data with us; to delete the data we already hold, send the e-mail above.
      </p>

      <p>
        Read more in our <Link to="/privacy">Privacy Policy</Link>, or visit <Link to="/support">Support</Link> if you have questions.
      </p>
    </StaticPageLayout>
  );
}
