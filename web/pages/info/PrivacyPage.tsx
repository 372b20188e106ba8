import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Link } from '@mui/material';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { SUPPORT_EMAIL } from '@/web/components/SupportContact.tsx';
import { Bullets, LegalDocument, P, type LegalSection } from './LegalDocument.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <P>
        {PRODUCT_NAME} is a bring-your-own-key AI toolkit: a web dashboard and a browser extension that help marketers, creators and
        entrepreneurs run prompts, build offers and create documents with their own AI provider account. This policy explains what we store,
        why, and the choices you have. It covers the dashboard, the browser extension and the related sites we operate.
      </P>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <P>We only collect what we need to run the service:</P>
        <Bullets
          items={[
            <>
              <strong>Account data</strong> — your e-mail address, an optional display name, your role, and your password in hashed form (we
              never see it in plain text). If you sign in with Google we receive your e-mail address and basic profile name from Google. If
              you turn on two-factor authentication we store the factor needed to check your codes.
            </>,
            <>
              <strong>Your content</strong> — the prompts, prompt folders, documents, offers, knowledge-base entries, workspaces and ideas
              you choose to save. They are stored in your account and are only visible to you (and to people you explicitly share a
              workspace with).
            </>,
            <>
              <strong>Your AI provider keys</strong> — kept in your browser's storage (or the extension's storage) and, when you are signed
              in, synced to your account so they are available on your other devices and in the extension.
            </>,
            <>
              <strong>Messages you send us</strong> — the name, e-mail address, subject and message of the contact form, and whether you
              were signed in when you sent it.
            </>,
            <>
              <strong>Purchases</strong> — which digital products you bought, when, and how often you downloaded them. Card payments are
              handled by our payment processor (Stripe); we never receive or store your card number.
            </>,
            <>
              <strong>Technical data</strong> — standard server logs (time of request, IP address, browser type) kept for security and
              troubleshooting.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'ai-requests',
    title: 'How AI requests work',
    body: (
      <>
        <P>
          When you run a prompt, chat or build an offer, the request goes{' '}
          <strong>directly from your browser or the extension to the AI provider you chose</strong> (for example OpenAI, Google Gemini,
          Anthropic, or a local model you run yourself), using your own key.
        </P>
        <P>
          Some requests pass through our servers on their way to your provider: documents you generate, workflow runs (scheduled ones
          included), and, from the dashboard only, requests to Cohere, AI21 and Hugging Face, whose services are not reached directly from a
          web page. We forward them with your key and keep neither the prompts, the answers nor the key once the request is done, except
          what you save in your account (a generated document is saved there).
        </P>
        <P>
          Your provider processes those requests under its own terms and privacy policy, and bills you for the usage. Please review them
          before sending personal or confidential information to an AI model.
        </P>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    body: (
      <Bullets
        items={[
          'To create and secure your account, sign you in and keep you signed in.',
          'To store and sync the prompts, documents, keys and other content you save, across the dashboard and the extension.',
          'To deliver digital products you purchased and enforce download limits.',
          'To answer your support requests and contact-form messages.',
          'To send service e-mails you need, such as account confirmation and password-reset links.',
          'To detect abuse, keep the service secure and fix problems.',
        ]}
      />
    ),
  },
  {
    id: 'what-we-do-not-do',
    title: 'What we do not do',
    body: (
      <Bullets
        items={[
          <>
            We do <strong>not sell</strong> or rent your personal data.
          </>,
          'We do not use your prompts, documents or other content to train AI models.',
          'We do not use advertising trackers or share your data with advertisers.',
          'We do not use your API keys for anything other than the requests you start yourself.',
        ]}
      />
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <P>We share data only with service providers that help us run {PRODUCT_NAME}, under contracts that limit their use of it:</P>
        <Bullets
          items={[
            'Our hosting and database provider (Supabase), which stores your account and saved content.',
            'Our payment processor (Stripe), for purchases.',
            'An e-mail delivery service, for account and support e-mails.',
          ]}
        />
        <P>
          We may also disclose information when the law requires it, or to protect the rights and safety of our users and the service. If{' '}
          {PRODUCT_NAME} is ever transferred to a new owner, this policy continues to apply to your data.
        </P>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Storage and security',
    body: (
      <>
        <P>
          Data is sent over encrypted connections (HTTPS). In our database, row-level security makes sure each account can only read and
          change its own records; roles are enforced on the server. Passwords are hashed and two-factor authentication is available.
        </P>
        <P>
          API keys kept in your browser are only as safe as the device they are on: do not use {PRODUCT_NAME} on shared computers without
          signing out, and revoke a key at your provider if you think it has leaked. Signing out clears the keys stored in that browser.
        </P>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Retention and deletion',
    body: (
      <P>
        We keep your account and content for as long as your account exists. You can delete saved items or clear your keys at any time. When
        you ask us to delete your account, we remove your account and the content linked to it within 30 days, except records we must keep
        for legal or accounting reasons (such as purchase records). Contact-form messages are kept for as long as needed to handle your
        request.
      </P>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <P>
          Depending on where you live (for example under the GDPR or the CCPA), you may have the right to access, correct, export or delete
          your personal data, to object to or restrict some processing, and to complain to your data-protection authority. We honour these
          requests for every user, wherever they live.
        </P>
        <P>To make a request, write to us using the details in the Contact section below. We answer within 30 days.</P>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <P>
        {PRODUCT_NAME} uses your browser's local storage, not advertising cookies. It stores your sign-in session, your API keys and a few
        preferences so the app works. Our payment processor may set its own cookies on its checkout pages to prevent fraud.
      </P>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <P>{PRODUCT_NAME} is not meant for children under 16, and we do not knowingly collect their personal data.</P>,
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <P>
        Our service providers may process data in countries other than yours. Where that happens we rely on appropriate safeguards, such as
        standard contractual clauses.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <P>
        We may update this policy as the product evolves. We will change the date at the top of this page, and tell you in the app or by
        e-mail before significant changes take effect.
      </P>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <P>
        Questions about privacy? E-mail{' '}
        <Link href={`mailto:${SUPPORT_EMAIL}`} underline="always">
          {SUPPORT_EMAIL}
        </Link>{' '}
        or use our{' '}
        <Link component={RouterLink} to={ROUTES.contact} underline="always">
          contact form
        </Link>
        .
      </P>
    ),
  },
];

/** /privacy: the privacy policy, last updated June 12, 2025. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <P>
          Your privacy matters to us. In short: you bring your own AI key, your AI requests go to your provider (most of them straight from
          your browser), we store only what you choose to save, and we never sell your data.
        </P>
      }
      sections={SECTIONS}
    />
  );
}
