/**
 * The contact modal opened by 'Связаться с нами': the contact form in a dialog.
 * Closing after the thank-you readies a fresh form for next time; closing an unsent draft keeps it.
 * The form's code loads on the first opening (Modal makes its content then), not with every page.
 */
import { lazy, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $contactOpen, closeContact } from './store.ts';
import Modal from '../../ui/Modal.tsx';
import LazyPart from '../../ui/LazyPart.tsx';
// The form's look (its fields' notes too) comes with the modal: the static pages' form is an island whose style sheet the build
// leaves to those pages, so the form's own chunk may have none to load here.
import './contact-form.css';
import '../../ui/field-note.css';

const ContactForm = lazy(() => import('./ContactForm.tsx'));

export default function ContactModal() {
  const open = useStore($contactOpen);
  const sent = useRef(false);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (open || !sent.current) return;
    sent.current = false;
    setFormKey((k) => k + 1);
  }, [open]);

  return (
    <Modal open={open} onClose={closeContact} title="Связаться с нами" className="contact-modal">
      <LazyPart fallback={<p className="list-status" role="status">Загружаем…</p>}>
        <ContactForm key={formKey} onClose={closeContact} onSent={() => { sent.current = true; }} />
      </LazyPart>
    </Modal>
  );
}
