import { MESSAGE_MAX_LENGTH } from '@vizinhanca/shared/messages/message.schema';
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { newClientId } from '../../../lib/client-id.ts';
import { useSendMessage, type Outgoing } from '../hooks/use-conversation.ts';

const COMPOSER_MAX_HEIGHT = 160;

/** Desktop (a fine pointer): Enter sends and Shift+Enter breaks the line; on the phone Enter breaks the line and the button sends. */
function enterSends(): boolean {
  return window.matchMedia('(pointer: fine)').matches;
}

/** The text box of a conversation: it grows with the text and keeps it until the server has it. */
export function MessageComposer({ orderId }: { orderId: string }) {
  const [text, setText] = useState('');
  const clientId = useRef(newClientId());
  const box = useRef<HTMLTextAreaElement>(null);

  const onSent = useCallback((sent: Outgoing) => {
    // Only clear what was sent: anything typed meanwhile stays.
    setText((current) => (current.trim() === sent.body ? '' : current));
    if (clientId.current === sent.clientId) clientId.current = newClientId();
  }, []);
  const { deliver, waiting, sending } = useSendMessage(orderId, onSent);

  function submit() {
    const body = text.trim();
    if (!body || waiting) return;
    deliver({ body, clientId: clientId.current });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && enterSends()) {
      event.preventDefault();
      submit();
    }
  }

  // The box grows with the text, up to a few lines, and shrinks back once it is sent.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight + 2, COMPOSER_MAX_HEIGHT)}px`;
  }, [text]);

  return (
    // Named, so the form is a landmark: everything on the screen sits in one.
    <form className="composer" aria-label="Responder" onSubmit={onSubmit}>
      {waiting ? (
        <p className="composer-waiting" role="status">
          Sem conexão: a mensagem será enviada quando a internet voltar.
        </p>
      ) : null}
      <div className="composer-row">
        <label htmlFor={`composer-${orderId}`} className="visually-hidden">
          Mensagem
        </label>
        <textarea
          ref={box}
          id={`composer-${orderId}`}
          className="input composer-input"
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="Escreva uma mensagem"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="md" loading={sending} disabled={!text.trim() || waiting}>
          Enviar
        </Button>
      </div>
    </form>
  );
}
