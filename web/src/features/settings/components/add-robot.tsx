/**
 * A threshold block's 'Add robot' (001 §2): the new robot's name (Enter or the button), checked by
 * the shared `newRobotForm` ('Enter the robot name.', 'Too Long!', 'This robot is already listed.').
 * It sits inside the settings form, so it has no form element of its own: Enter is kept from
 * submitting the settings.
 */
import { newRobotForm } from '@shared/schemas/post-office';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';

export interface AddRobotProps {
  /** The block's title, for the field's name. */
  title: string;
  /** The robots already in the block. */
  listed: string[];
  onAdd: (robot: string) => void;
}

export function AddRobot({ title, listed, onAdd }: AddRobotProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(newRobotForm(listed), { name: '' });
  const add = handleSubmit(({ name }) => {
    onAdd(name);
    reset({ name: '' });
  });

  return (
    <div className="th-add">
      <FormField
        label={`New robot name for ${title}`}
        labelHidden
        fieldClassName="th-add__field"
        className="field__input th-add__input"
        placeholder="Robot name, e.g. product-robot"
        registration={register('name')}
        error={errors.name}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void add();
          }
        }}
      />
      <button type="button" className="btn btn--outline btn--sm" onClick={() => void add()}>
        Add robot
      </button>
    </div>
  );
}
