import { content } from '../../../content/index.js';
import { BrandMark } from './brand-mark.js';
import './footer.css';
import { BookUs } from '../inquiry/book-us.js';
import { words } from '../page-words.js';

export function Footer() {
  const { contact } = content;
  return (
    <footer id="contact" className="footer">
      <div className="section-inner footer-inner">
        <div className="footer-brand">
          <p className="footer-name">
            <BrandMark /> {content.name}
          </p>
          <p>{content.tagline}</p>
          <BookUs className="button">{words.sendAnInquiry}</BookUs>
        </div>
        <address className="footer-contact">
          <h2>{words.contact}</h2>
          <p>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
          <p>
            <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
          </p>
          <p>
            {contact.city}, {contact.region}. Serving {contact.serviceArea}.
          </p>
          <p>{contact.hours}</p>
        </address>
        {content.social.length > 0 && (
          <nav className="footer-social" aria-label={words.socialMedia}>
            <h2>{words.followUs}</h2>
            <ul>
              {content.social.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <p className="footer-legal">
        © {__BUILD_YEAR__} {content.name}
      </p>
    </footer>
  );
}
