import { askForMicrophone } from '../../shared/ext/microphone.ts';

void askForMicrophone(document, navigator.mediaDevices, () => window.close());
