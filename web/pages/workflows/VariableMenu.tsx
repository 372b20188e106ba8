import { Fragment, useState } from 'react';
import { Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/DataObject';
import type { VariableOption } from '@/shared/core/workflows/builder.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';

const GROUPS: { group: VariableOption['group']; label: string }[] = [
  { group: 'page', label: BUILDER_TEXTS.groupPage },
  { group: 'steps', label: BUILDER_TEXTS.groupSteps },
  { group: 'item', label: BUILDER_TEXTS.groupItem },
];

/** "Insert variable": what this step may use, grouped; picking one inserts it at the prompt's cursor. */
export function VariableMenu({
  options,
  disabled,
  idPrefix,
  onPick,
}: {
  options: VariableOption[];
  disabled?: boolean;
  idPrefix: string;
  onPick: (insert: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `${idPrefix}-variables`;
  return (
    <>
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {BUILDER_TEXTS.insertVariable}
      </Button>
      {/* Focus goes to the prompt after an insert, not back to this button. */}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} disableRestoreFocus>
        {GROUPS.map(({ group, label }) => {
          const items = options.filter((o) => o.group === group);
          if (!items.length) return null;
          return (
            <Fragment key={group}>
              <ListSubheader>{label}</ListSubheader>
              {items.map((option) => (
                <MenuItem
                  key={option.insert}
                  onClick={() => {
                    setAnchor(null);
                    onPick(option.insert);
                  }}
                >
                  {option.label}
                  <code style={{ marginLeft: 12, opacity: 0.7, fontSize: '0.8em' }}>{option.insert}</code>
                </MenuItem>
              ))}
            </Fragment>
          );
        })}
      </Menu>
    </>
  );
}
