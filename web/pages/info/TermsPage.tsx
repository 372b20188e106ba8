import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Link } from '@mui/material';
import { PRODUCT_NAME } from '@/shared/core/brand.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { SUPPORT_EMAIL } from '@/web/components/SupportContact.tsx';
import { Bullets, LegalDocument, P, type LegalSection } from './LegalDocument.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <P>
        By creating an account or using {PRODUCT_NAME} — the web dashboard, the browser extension and related sites (the "Service") — you
        agree to these Terms of Service and to our{' '}
        <Link component={RouterLink} to={ROUTES.privacy} underline="always">
          Privacy Policy
        </Link>
        . If you use the Service for an organisation, you accept these terms on its behalf. If you do not agree, please do not use the
        Service.
      </P>
    ),
  },
  {
    id: 'the-service',
    title: 'The Service',
    body: (
      <P>
        {PRODUCT_NAME} is an AI toolkit for marketers, creators and entrepreneurs: prompt libraries and prompt stacks, document and offer
        generation, a knowledge base, workspaces, free tools and a store of digital products. The Service is under active development:
        features may be added, changed or removed, and some are marked as coming soon.
      </P>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <Bullets
        items={[
          'You must be at least 16 years old and give accurate information when you sign up.',
          'Keep your password safe; we recommend turning on two-factor authentication in Settings.',
          'You are responsible for what happens under your account. Tell us right away if you suspect unauthorised use.',
        ]}
      />
    ),
  },
  {
    id: 'api-keys',
    title: 'Your AI provider keys',
    body: (
      <>
        <P>
          {PRODUCT_NAME} does not supply AI: you connect your own account with an AI provider by adding its API key. When you run a prompt,
          the request goes directly from your browser to that provider.
        </P>
        <Bullets
          items={[
            "You are responsible for your provider account, for the usage charges it bills you, and for following the provider's terms and usage policies.",
            'We are not a party to your agreement with your provider and are not responsible for its availability, pricing or output.',
            'Your keys are stored in your browser and, when you are signed in, synced to your account. Keep them secret and revoke them at your provider if they may have leaked.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <P>
        You keep all rights to the prompts, documents and other content you create or upload. You give us permission to store, copy and
        display it only as needed to provide the Service to you (for example to sync it between your devices or show it to people you share
        a workspace with). You are responsible for having the rights to the content you upload and for how you use it.
      </P>
    ),
  },
  {
    id: 'ai-output',
    title: 'AI-generated output',
    body: (
      <P>
        AI output can be inaccurate, incomplete, or similar to content produced for others. Review it before you rely on it or publish it,
        especially for legal, medical, financial or other professional matters. As between you and us, you may use the output you generate,
        subject to your provider's terms.
      </P>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <P>You agree not to:</P>
        <Bullets
          items={[
            'break the law, infringe the rights of others, or use the Service to create spam, malware, or deceptive or harmful content;',
            "try to access other users' data or accounts, or get around security, rate limits or download limits;",
            'disrupt, overload, scrape or reverse-engineer the Service, except where the law allows it;',
            'resell or redistribute digital products you bought, unless the product’s licence allows it.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'purchases',
    title: 'Purchases and payments',
    body: (
      <P>
        Digital products are sold for the price shown at checkout, in US dollars. Payments are processed by Stripe; by paying you also
        accept Stripe's terms. Access to a product is granted once the payment succeeds, and a product may have a maximum number of
        downloads. Because digital products are delivered immediately, purchases are final, except where the law gives you a right of
        withdrawal or a product is defective — in that case contact us and we will make it right. Paid plans, where offered, are billed in
        advance and can be cancelled at any time for the end of the current period.
      </P>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-party services',
    body: (
      <P>
        The Service links to or embeds third-party sites and services, such as AI providers, the AI marketplace and our feedback site. They
        are governed by their own terms and privacy policies, and we are not responsible for them.
      </P>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our intellectual property',
    body: (
      <P>
        The Service, including its software, design, built-in prompts and templates, belongs to us or our licensors. We give you a personal,
        non-exclusive, non-transferable licence to use it according to these terms. Feedback you send us may be used to improve the Service
        without any obligation to you.
      </P>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <P>
        The Service is provided "as is" and "as available", without warranties of any kind, express or implied, including fitness for a
        particular purpose and non-infringement, to the extent the law allows. We do not guarantee that it will be uninterrupted or
        error-free, or that AI output will be accurate.
      </P>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <P>
        To the extent the law allows, we are not liable for indirect, incidental, special or consequential damages, or for lost profits,
        data or goodwill, and our total liability for any claim about the Service is limited to the amount you paid us in the 12 months
        before the claim. Nothing in these terms limits liability that cannot be limited by law.
      </P>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <P>
        You can stop using the Service and ask us to delete your account at any time. We may suspend or close accounts that break these
        terms or put the Service or other users at risk; where reasonable we will tell you first and give you a chance to export your
        content.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <P>
        We may update these terms. We will change the date at the top of this page and notify you of significant changes in the app or by
        e-mail before they take effect. Continuing to use the Service afterwards means you accept the updated terms.
      </P>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <P>
        Questions about these terms? E-mail{' '}
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

/** /terms: the terms of service, last updated June 12, 2025. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <P>
          These terms explain the rules for using {PRODUCT_NAME}. Please read them carefully — in particular the sections on your own AI
          provider keys and on AI-generated output.
        </P>
      }
      sections={SECTIONS}
    />
  );
}
