// The JSX runtime is named here, not only in tsconfig.json, so the service runs the same from any working directory.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Section,
  Text,
  render,
  toPlainText,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { Block, Mail, MailAttachment } from './content';

/** Who signs every mail: the shop's brand, support contacts and legal entity, read from its identity at each send. */
export interface MailBrand {
  name: string;
  /** A data: URL (PNG or SVG) or nothing; a PNG is attached inline, an SVG is left out (most mail apps do not show one). */
  logo_url: string | null;
  primary_color: string;
  support_email: string;
  support_phone: string;
  legal_name: string;
}

/** What nodemailer sends: the html and its plain-text twin, with the files attached. */
export interface OutgoingMail {
  to: string;
  subject: string;
  replyTo?: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

const LOGO_CID = 'brand-logo@esim';

// A legal name ends in "A.Ş." or "Ltd." often: the sentence does not add a second full stop.
const ended = (legal: string) => (legal.endsWith('.') ? legal : `${legal}.`);
const footerTexts = {
  tr: {
    support: 'Destek',
    sentBy: (legal: string) => `Bu e-posta ${legal} tarafından gönderilmiştir.`,
    sentFor: (sender: string, brand: string) => `Bu e-posta ${sender} adına ${brand} tarafından gönderilmiştir.`,
  },
  en: {
    support: 'Support',
    sentBy: (legal: string) => `This e-mail was sent by ${ended(legal)}`,
    sentFor: (sender: string, brand: string) => `This e-mail was sent by ${brand} on behalf of ${ended(sender)}`,
  },
  both: {
    support: 'Destek / Support',
    sentBy: (legal: string) =>
      `Bu e-posta ${legal} tarafından gönderilmiştir. / This e-mail was sent by ${ended(legal)}`,
    sentFor: (sender: string, brand: string) =>
      `Bu e-posta ${sender} adına ${brand} tarafından gönderilmiştir. / This e-mail was sent by ${brand} on behalf of ${ended(sender)}`,
  },
} as const;

/** Black or white, whichever reads better on the brand's colour (an admin may pick a light one). */
function inkOn(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#1f1f1f' : '#ffffff';
}

const colorOf = (brand: MailBrand) => (/^#[0-9a-f]{6}$/i.test(brand.primary_color) ? brand.primary_color : '#0b57d0');

function logoAttachment(brand: MailBrand): MailAttachment | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(brand.logo_url ?? '');
  if (!match) return null;
  return { filename: 'logo.png', content: Buffer.from(match[1]!, 'base64'), contentType: 'image/png', cid: LOGO_CID };
}

const font = "'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const paragraph: CSSProperties = { fontSize: '15px', lineHeight: '24px', color: '#1f1f1f', margin: '0 0 16px' };
const muted: CSSProperties = { ...paragraph, fontSize: '13px', lineHeight: '20px', color: '#5f6368' };
const code: CSSProperties = {
  fontFamily: "Menlo, Consolas, 'Courier New', monospace",
  fontSize: '14px',
  wordBreak: 'break-all',
  background: '#f1f3f4',
  borderRadius: '4px',
  padding: '2px 4px',
};

function BlockView({ block, color }: { block: Block; color: string }): ReactNode {
  switch (block.kind) {
    case 'text':
      return <Text style={block.muted ? muted : paragraph}>{block.text}</Text>;
    case 'lines':
      return (
        <Text style={paragraph}>
          {block.lines.map((line, i) => (
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
        </Text>
      );
    case 'heading':
      return (
        <Heading as="h2" style={{ fontSize: '18px', lineHeight: '26px', color: '#1f1f1f', margin: '24px 0 12px' }}>
          {block.text}
        </Heading>
      );
    case 'button':
      return (
        <Section style={{ margin: '8px 0 20px' }}>
          <Button
            href={block.href}
            style={{
              background: color,
              color: inkOn(color),
              borderRadius: '6px',
              padding: '12px 20px',
              fontSize: '15px',
              fontWeight: 600,
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case 'link':
      return (
        <Text style={paragraph}>
          {block.lead ? `${block.lead} ` : ''}
          <Link href={block.href} style={{ color, wordBreak: 'break-all' }}>
            {block.href}
          </Link>
        </Text>
      );
    case 'image':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          <Img
            src={`cid:${block.cid}`}
            alt={block.alt}
            width={block.size}
            height={block.size}
            style={{ border: '1px solid #e0e0e0', borderRadius: '8px' }}
          />
        </Section>
      );
    case 'codes':
      return (
        <Text style={paragraph}>
          {block.rows.map((row, i) => (
            <span key={row.label}>
              {i > 0 && <br />}
              {`${row.label}: `}
              <code style={code}>{row.value}</code>
            </span>
          ))}
        </Text>
      );
    case 'steps':
      return (
        <>
          <Text style={{ ...paragraph, fontWeight: 600, margin: '0 0 4px' }}>{block.title}</Text>
          <ol style={{ ...paragraph, paddingLeft: '22px' }}>
            {block.steps.map((step) => (
              <li key={step} style={{ margin: '0 0 4px' }}>
                {step}
              </li>
            ))}
          </ol>
        </>
      );
    case 'divider':
      return <Hr style={{ borderColor: '#e0e0e0', margin: '24px 0' }} />;
  }
}

/** The one layout of every mail: the brand on top, the template's blocks, the support contacts and legal entity below. */
export function BrandedMail({ mail, brand, logo }: { mail: Mail; brand: MailBrand; logo: boolean }) {
  const color = colorOf(brand);
  const footer = footerTexts[mail.locale];
  const sender = mail.onBehalfOf?.name;
  // A mail in someone else's name sends its reader to them, not to the shop's support.
  const contact = sender ? [] : [brand.support_email, brand.support_phone].filter(Boolean);
  return (
    <Html lang={mail.locale === 'en' ? 'en' : 'tr'}>
      <Head />
      <Body style={{ background: '#f4f5f7', fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container
          style={{
            background: '#ffffff',
            maxWidth: '600px',
            borderRadius: '8px',
            borderTop: `6px solid ${color}`,
            padding: '0 24px',
          }}
        >
          <Section style={{ padding: '24px 0 8px' }}>
            {logo && !sender && (
              <Img
                src={`cid:${LOGO_CID}`}
                alt={brand.name}
                height={40}
                style={{ height: '40px', width: 'auto', marginBottom: '8px' }}
              />
            )}
            <Text style={{ fontSize: '20px', lineHeight: '28px', fontWeight: 700, color, margin: 0 }}>
              {sender ?? brand.name}
            </Text>
          </Section>
          <Hr style={{ borderColor: '#e0e0e0', margin: '8px 0 24px' }} />
          {mail.blocks.map((block, i) => (
            <BlockView key={i} block={block} color={color} />
          ))}
          <Hr style={{ borderColor: '#e0e0e0', margin: '24px 0 16px' }} />
          <Section style={{ paddingBottom: '24px' }}>
            <Text
              style={{ ...muted, margin: '0 0 4px', fontWeight: 600, color: '#1f1f1f' }}
            >{`— ${sender ?? brand.name}`}</Text>
            {contact.length > 0 && (
              <Text style={{ ...muted, margin: '0 0 4px' }}>
                {`${footer.support}: `}
                {brand.support_email && (
                  <Link href={`mailto:${brand.support_email}`} style={{ color }}>
                    {brand.support_email}
                  </Link>
                )}
                {brand.support_email && brand.support_phone ? ' · ' : ''}
                {brand.support_phone}
              </Text>
            )}
            {sender ? (
              <Text style={{ ...muted, margin: 0 }}>{footer.sentFor(sender, brand.name)}</Text>
            ) : (
              brand.legal_name && <Text style={{ ...muted, margin: 0 }}>{footer.sentBy(brand.legal_name)}</Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** Draws a template's mail under the brand: the html, its plain-text part from the same html, and the attachments. */
export async function renderMail(mail: Mail, brand: MailBrand): Promise<OutgoingMail> {
  const logo = mail.onBehalfOf ? null : logoAttachment(brand);
  const html = await render(<BrandedMail mail={mail} brand={brand} logo={logo !== null} />);
  const text = toPlainText(html, {
    // Headings keep their case: html-to-text's upper-casing gets Turkish letters wrong (i → I, not İ).
    selectors: ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
  })
    // An inline image leaves empty lines behind in the text: one blank line between paragraphs is enough.
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const attachments = [...(mail.attachments ?? []), ...(logo ? [logo] : [])];
  return {
    to: mail.to,
    subject: mail.subject,
    ...(mail.onBehalfOf?.replyTo ? { replyTo: mail.onBehalfOf.replyTo } : {}),
    html,
    text,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
