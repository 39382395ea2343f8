import { Link } from 'react-router-dom';
import { BRAND_NAME, SUPPORT_REPLY_TIME } from '~shared/constants.ts';
import { SUPPORT_EMAIL } from '../../lib/site.ts';
import { MailIcon } from '~shared/ui/icons/public-icons.tsx';
import { StaticPageLayout } from './static-page-layout.tsx';

const QUESTIONS = [
  {
    question: "I didn't get the confirmation e-mail.",
    answer:
      'Check your spam or promotions folder first. If it is not there, sign up again with the same address to get a new link, or write to us.',
  },
  {
    question: 'I forgot my password.',
    answer:
      'On the sign-in page open the Reset tab, enter your e-mail address and follow the link we send you. The link expires after 5 minutes, so use it right away.',
  },
  {
    question: 'How do I share a link with a friend?',
    answer:
      'Open the menu on a link card and choose Share Link. You can send it to a username, an e-mail address, a phone number or a social platform.',
  },
  {
    question: 'How do I hide my name or e-mail address?',
    answer: 'Use the eye buttons next to your name and e-mail in the banner at the top of your dashboard. Your choice is saved right away.',
  },
] as const;

/** /support: how to reach us; replies in 1-2 business days (part 2 §2). */
export function SupportPage() {
  return (
    <StaticPageLayout title="Support" path="/support" description={`Get help with ${BRAND_NAME}.`}>
      <p>
        Need a hand with {BRAND_NAME}? Send us an e-mail and a real person will get back to you. We reply within{' '}
        <strong>{SUPPORT_REPLY_TIME}</strong>.
      </p>
      <p>
        <a
          className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground no-underline hover:bg-primary/90"
          href={`mailto:${SUPPORT_EMAIL}`}
        >
          <MailIcon size={16} />
          {SUPPORT_EMAIL}
        </a>
      </p>
      <p>
        To help us help you faster, please include the e-mail address of your account, what you were trying to do and what happened instead.
        A screenshot is welcome.
      </p>

      <h2>Common questions</h2>
      <dl>
        {QUESTIONS.map((item) => (
          <div key={item.question}>
            <dt>{item.question}</dt>
            <dd>{item.answer}</dd>
          </div>
        ))}
      </dl>

      <h2>Privacy and your data</h2>
      <p>
        Read our <Link to="/privacy">Privacy Policy</Link> to learn how we handle your information, or see{' '}
        <Link to="/data-deletion">how to delete your data</Link>.
      </p>
    </StaticPageLayout>
  );
}
