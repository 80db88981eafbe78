import { isDayOccupied } from '@vizinhanca/shared/orders/order.rules';
import type { DateRange } from '@vizinhanca/shared/orders/order.schema';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import {
  addMonths,
  compareMonths,
  dayLabel,
  inRange,
  isoDate,
  isPast,
  monthOf,
  MONTHS_AHEAD,
  monthTitle,
  monthWeeks,
  moveDay,
  WEEKDAYS,
  type Month,
} from '../calendar.ts';

interface RentalCalendarProps {
  /** Today in the condominium, from the server. */
  today: string;
  occupied: readonly DateRange[];
  start: string | null;
  end: string | null;
  onSelectDay: (day: string) => void;
}

/**
 * A month of day buttons in pt-BR (Sunday first). Past days and days other
 * orders hold are aria-disabled (held ones greyed, struck through and described
 * by the 'Indisponível' legend). One day is in the tab order; the arrow keys move
 * by day and week, PageUp/PageDown by month.
 */
export function RentalCalendar({ today, occupied, start, end, onSelectDay }: RentalCalendarProps) {
  const titleId = useId();
  const unavailableId = useId();
  const firstMonth = monthOf(today);
  const lastMonth = addMonths(firstMonth, MONTHS_AHEAD);
  const [month, setMonth] = useState<Month>(() => monthOf(start ?? today));
  const [focusDay, setFocusDay] = useState<string>(start ?? today);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const weeks = monthWeeks(month);
  const inMonth = (day: string | null) => day !== null && compareMonths(monthOf(day), month) === 0;
  const tabbableDay = [focusDay, start, today].find(inMonth) ?? isoDate(month.year, month.month, 1);
  const canGoBack = compareMonths(month, firstMonth) > 0;
  const canGoForward = compareMonths(month, lastMonth) < 0;

  function onDayKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const target = moveDay(day, event.key);
    if (!target) return;
    event.preventDefault();
    const targetMonth = monthOf(target);
    if (compareMonths(targetMonth, firstMonth) < 0 || compareMonths(targetMonth, lastMonth) > 0) return;
    moveFocus.current = true;
    setMonth(targetMonth);
    setFocusDay(target);
  }

  return (
    <div className="calendar">
      <div className="calendar-header">
        <button
          type="button"
          className="icon-tile calendar-nav"
          aria-label="Mês anterior"
          disabled={!canGoBack}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <ChevronLeftIcon />
        </button>
        <h3 className="calendar-title" id={titleId} aria-live="polite">
          {monthTitle(month)}
        </h3>
        <button
          type="button"
          className="icon-tile calendar-nav"
          aria-label="Próximo mês"
          disabled={!canGoForward}
          onClick={() => setMonth(addMonths(month, 1))}
        >
          <ChevronRightIcon />
        </button>
      </div>

      <table className="calendar-grid" aria-labelledby={titleId} ref={gridRef}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.name} scope="col" className="calendar-weekday">
                <span aria-hidden="true">{weekday.short}</span>
                <span className="visually-hidden">{weekday.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) =>
                day ? (
                  <td key={day}>
                    <DayButton
                      day={day}
                      today={today}
                      occupied={occupied}
                      start={start}
                      end={end}
                      tabbable={day === tabbableDay}
                      unavailableId={unavailableId}
                      onSelect={() => {
                        setFocusDay(day);
                        onSelectDay(day);
                      }}
                      onKeyDown={(event) => onDayKeyDown(event, day)}
                    />
                  </td>
                ) : (
                  <td key={`pad-${index}`} aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="calendar-legend">
        <li>
          <span className="calendar-swatch calendar-swatch-selected" aria-hidden="true" />
          Selecionado
        </li>
        <li id={unavailableId}>
          <span className="calendar-swatch calendar-swatch-unavailable" aria-hidden="true" />
          Indisponível
        </li>
      </ul>
    </div>
  );
}

interface DayButtonProps {
  day: string;
  today: string;
  occupied: readonly DateRange[];
  start: string | null;
  end: string | null;
  tabbable: boolean;
  unavailableId: string;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

function DayButton({ day, today, occupied, start, end, tabbable, unavailableId, onSelect, onKeyDown }: DayButtonProps) {
  const past = isPast(day, today);
  const held = !past && isDayOccupied(day, occupied);
  const disabled = past || held;
  const selected = start !== null && (end ? inRange(day, start, end) : day === start);
  const isStart = day === start;
  const isEnd = end !== null && day === end;
  const className = [
    'calendar-day',
    past ? 'calendar-day-past' : '',
    held ? 'calendar-day-held' : '',
    selected ? 'calendar-day-selected' : '',
    selected && !isStart && !isEnd ? 'calendar-day-between' : '',
    isStart && end && end !== start ? 'calendar-day-start' : '',
    isEnd && end !== start ? 'calendar-day-end' : '',
    day === today ? 'calendar-day-today' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <button
      type="button"
      data-day={day}
      className={className}
      aria-label={dayLabel(day)}
      aria-pressed={selected}
      aria-disabled={disabled || undefined}
      aria-describedby={held ? unavailableId : undefined}
      aria-current={day === today ? 'date' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => {
        if (!disabled) onSelect();
      }}
      onKeyDown={onKeyDown}
    >
      {Number(day.slice(8, 10))}
    </button>
  );
}
