import { useEffect } from 'react';
import { Footer } from './sections/footer.js';
import { Hero } from './sections/hero.js';
import { LogoScroller } from './sections/logo-scroller.js';
import { Navbar } from './sections/navbar.js';
import { Packages } from './sections/packages.js';
import { WhyUs } from './sections/why-us.js';
import { InquiryDialog } from './inquiry/inquiry-dialog.js';
import { Toaster } from './toast/toaster.js';
import 'virtual:theme.css';
import './styles/base.css';

export function App() {
  // Marks the page interactive once every section's effects are set up (children's effects run first).
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Hero />
        <Packages />
        <WhyUs />
        <LogoScroller />
      </main>
      <Footer />
      <InquiryDialog />
      <Toaster />
    </>
  );
}
