import { useState } from 'react';

interface HoldingField<Key extends string> {
  key: Key;
  /** The field's name as the visitor reads it on the form ('Prénom', 'conditions d'utilisation'). */
  label: string;
  /** The id of the field's control, which takes the focus when the button is pressed. */
  id: string;
  /** Whether this field, as it is, keeps the button from working. */
  holds: boolean;
}

/**
 * Which fields keep a form's button from working (the form's rule decides; this only names
 * them). The spec's tooltip blames "empty or red fields" in general: a visitor who sees none
 * (an unticked box) must still learn which one. The button lists them under itself; pressed
 * anyway, it marks them (`marks`). Pressed from the keyboard, it also moves the focus to the
 * first; a tap or a click leaves the page still, or the scroll to the field would take the
 * spec's tooltip away from under the finger.
 */
export function useHeldBack<Key extends string>(
  fields: HoldingField<Key>[],
  /**
   * Whether anything was typed: until then, or until the button is pressed, the line stays
   * quiet. A form not yet begun is not a form left incomplete.
   */
  { started }: { started: boolean },
) {
  const [pressed, setPressed] = useState(false);
  const holding = fields.filter((field) => field.holds);
  return {
    marks: (key: Key) => pressed && holding.some((field) => field.key === key),
    buttonProps: {
      heldBackBy: started || pressed ? holding.map((field) => field.label) : undefined,
      onBlockedPress(event: { detail: number }) {
        setPressed(true);
        // A click's detail counts the pointer's clicks: 0 when Enter or Space pressed the button.
        if (event.detail === 0 && holding.length > 0) document.getElementById(holding[0].id)?.focus();
      },
    },
  };
}
