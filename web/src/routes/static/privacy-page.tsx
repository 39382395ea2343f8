import { Link } from 'react-router-dom';
import { BRAND_NAME, PRIVACY_POLICY_EFFECTIVE_DATE } from '~shared/constants.ts';
import { SUPPORT_EMAIL } from '../../lib/site.ts';
import { StaticPageLayout } from './static-page-layout.tsx';

/** /privacy: the privacy policy, effective August 8, 2025 (part 2 §2). */
export function PrivacyPage() {
  return (
    <StaticPageLayout
      title="Privacy Policy"
      path="/privacy"
      description={`How ${BRAND_NAME} collects, uses and protects your information.`}
      lead={<>Effective date: {PRIVACY_POLICY_EFFECTIVE_DATE}</>}
    >
      <p>
        {BRAND_NAME} helps you save, organize and share your favorite links. This policy explains what information we collect when you use
        our website and browser extension, why we collect it, and the choices you have. We keep it short and we only collect what the
        service needs to work.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your first and last name, e-mail address and, if you choose one, a username and phone number.
          Your password is stored only as a secure hash; we never see it in plain text.
        </li>
        <li>
          <strong>Your content:</strong> the links you save (title, address, description), your categories and folders, and any icons,
          backgrounds or profile-page images you upload.
        </li>
        <li>
          <strong>Sharing activity:</strong> when you share a link we store who you shared it with (a username, e-mail address, phone number
          or social handle) and your optional message, so the recipient can receive it.
        </li>
        <li>
          <strong>Usage information:</strong> how many times your links are opened and shared, and a record of each sign-in with your
          browser's user agent, which helps you and us spot suspicious access.
        </li>
        <li>
          <strong>Settings:</strong> your appearance, privacy and public-page preferences, and the senders you have blocked.
        </li>
      </ul>

      <h2>How we use your information</h2>
      <ul>
        <li>To provide the service: store your links, show your dashboard and deliver the links you share.</li>
        <li>To keep your account secure: confirm your e-mail address, reset forgotten passwords and detect misuse.</li>
        <li>To show you your own statistics, such as clicks and shares.</li>
        <li>To answer you when you contact support.</li>
      </ul>
      <p>We do not sell your personal information and we do not use it for third-party advertising.</p>

      <h2>What other people can see</h2>
      <p>
        Your links and folders are private to you. A link you share is visible to the person you shared it with. If you publish a public
        profile page, the information you choose to put on it is visible according to the visibility you select (public, exclusive or
        private), and you can unpublish it at any time. You can hide your name or e-mail address in the header banner at any time.
      </p>

      <h2>Service providers</h2>
      <p>
        We use a hosting provider for our database, file storage, authentication and e-mail delivery. These providers process data only on
        our behalf and under agreements that require them to protect it. If you use the optional link-discovery feature, the text of your
        request and a few of your link titles are sent to an AI provider to produce suggestions.
      </p>

      <h2>Cookies and local storage</h2>
      <p>
        We store your sign-in session and your appearance preferences in your browser's local storage so you stay signed in and the site
        looks the way you chose. We do not use tracking cookies.
      </p>

      <h2>How long we keep data</h2>
      <p>
        We keep your information for as long as your account exists. When you delete your account, we delete your profile, links,
        categories, uploads and sharing history within 30 days, except where the law requires us to keep a record.
      </p>

      <h2>Your rights and choices</h2>
      <p>
        You can view and edit most of your information in the app at any time. You can ask us for a copy of your data, to correct it, or to
        delete it. See <Link to="/data-deletion">how to delete your data</Link>, or write to us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2>Security</h2>
      <p>
        All traffic is encrypted in transit, access to your data is limited to your own account by database rules, and passwords are checked
        against common and breached passwords when you reset them.
      </p>

      <h2>Children</h2>
      <p>{BRAND_NAME} is not directed to children under 13, and we do not knowingly collect their personal information.</p>

      <h2>Changes to this policy</h2>
      <p>
        If we change this policy we will update the effective date above, and for important changes we will let you know by e-mail or in the
        app before they take effect.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about your privacy? Visit our <Link to="/support">support page</Link> or e-mail{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </StaticPageLayout>
  );
}
