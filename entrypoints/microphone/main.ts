import { askForMicrophone } from '../../extension/lib/microphone.ts';

void askForMicrophone(document, navigator.mediaDevices, () => window.close());
